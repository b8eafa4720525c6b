/** Provisional shapes of the admin-only answers; replaced by the contract's types when they land. */
export interface AdminOverview {
  days: { date: string; orders: number; revenue: string }[];
  orders_waiting: number;
  unread_messages: number;
  out_of_stock: number;
}

export interface ContactMessage {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  description: string;
  read_at: string | null;
  created_at: string;
}

export interface FeedbackMessage {
  id: number;
  user_email: string;
  user_message: string;
  read_at: string | null;
  created_at: string;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  error: string | null;
  created_at: string;
}

export interface CsvImportReport {
  dry_run: boolean;
  created: number;
  updated: number;
  unchanged: number;
  changes: { line: number; slug: string; action: 'create' | 'update'; fields: string[] }[];
  errors: { line: number; field?: string; message: string }[];
}
