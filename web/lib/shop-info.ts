/** The shop's contact details, one place for the footer, the contact page and the store locator. */
export const SHOP = {
  name: 'Teakwood Studio',
  address: ['42 Kalakshetra Road', 'Thiruvanmiyur', 'Chennai 600041', 'Tamil Nadu'],
  email: 'hello@teakwoodstudio.in',
  phone: '+91 44 4555 0123',
  phoneHref: '+914445550123',
  hours: 'Open daily, 9:30 to 21:00',
  supportChat: 'https://wa.me/914445550123',
} as const;
