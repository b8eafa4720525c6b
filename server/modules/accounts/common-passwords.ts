/** Frequently used passwords (lower case), refused whatever their other qualities. */
export const COMMON_PASSWORDS = new Set([
  'password', '12345678', 'qwerty', 'abc123', '123456789', '1234567890', 'password1', 'password123', 'password@123',
  'passw0rd', 'p@ssw0rd', 'p@ssword1', 'p@ssw0rd1', 'qwerty123', 'qwerty@123', 'qwertyuiop', 'iloveyou', 'iloveyou1',
  'admin123', 'admin@123', 'welcome1', 'welcome@123', 'welcome123', 'letmein1', 'sunshine1', 'princess1', 'football1',
  'monkey123', 'dragon123', 'baseball1', 'superman1', 'trustno1', 'india@123', 'india123', 'india1234', 'mumbai@123',
  'chennai@123', 'delhi@123', 'krishna@123', 'ganesh@123', 'abcd@1234', 'abcd1234', 'asdf@1234', 'zxcvbnm1', '1q2w3e4r',
  '1qaz2wsx', 'aa123456', 'test@123', 'test1234', 'changeme1', 'master123', 'hello@123', 'hello123', 'pass@123',
  'pass@1234', 'pa$$w0rd', 'qwer@1234', 'q1w2e3r4', 'p@55w0rd', 'summer2024!', 'winter2024!', 'password!1', 'password#1',
  'password@1', 'password1!', 'passw0rd!', 'welcome@1', 'admin@1234', 'root@123', 'user@123', 'login@123',
]);
