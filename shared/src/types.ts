// The entity and contract types shared by the host, the remotes and the API (design §3, §5).
// Ids are numbers, money is a decimal string ("1250.00"), timestamps are ISO-8601 strings in UTC.

export type Role = 'dealer' | 'manager' | 'admin';

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface AuthTokens {
  access: string;
  refresh: string;
}

/** The claims of an access token (design §6). */
export interface AccessClaims {
  token_type: string;
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
  email: string;
  role: Role;
  is_staff: boolean;
  dealer: number | null;
  contract_signed: boolean;
}

export interface CurrentUser {
  id: number;
  email: string;
  role: Role;
  is_staff: boolean;
  dealer: number | null;
  contract_signed: boolean;
  first_name?: string;
  last_name?: string;
}

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_staff?: boolean;
  dealer: number | null;
  is_active: boolean;
  contract_signed: boolean;
  date_joined: string;
  last_login: string | null;
}

export interface Dealer {
  id: number;
  name: string;
  legal_name: string;
  tax_id: string;
  group: number | null;
  email: string;
  phone: string;
  address: string;
  is_active: boolean;
  created_at: string;
}

export interface DealerGroup {
  id: number;
  name: string;
  /** 0–100. */
  discount_percent: number;
  description: string;
}

export type RegistrationRequestStatus = 'new' | 'approved' | 'rejected';

export interface RegistrationRequest {
  id: number;
  company_name: string;
  tax_id: string;
  contact_name: string;
  email: string;
  phone: string;
  comment: string;
  status: RegistrationRequestStatus;
  created_at: string;
}

export interface Product {
  id: number;
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  price: string;
  is_active: boolean;
}

/** A product as a dealer sees it (`/api/dp/`), with the price after its group's discount. */
export interface DealerProduct extends Product {
  dealer_price: string;
}

export interface StoreItem {
  id: number;
  product: number;
  warehouse: string;
  quantity: number;
  reserved: number;
  updated_at: string;
}

export type OrderStatus = 'new' | 'confirmed' | 'shipped' | 'completed' | 'cancelled';

export interface OrderItem {
  id?: number;
  product: number;
  quantity: number;
  /** The unit price at order time, computed by the server. */
  price: string;
}

export interface Order {
  id: number;
  number: string;
  dealer: number;
  status: OrderStatus;
  items: OrderItem[];
  total: string;
  comment: string;
  /** URL of the optional document, or null. */
  document: string | null;
  created_at: string;
}

export type OrderDeletionRequestStatus = 'pending' | 'approved' | 'rejected';

export interface OrderDeletionRequest {
  id: number;
  order: number;
  reason: string;
  document: string | null;
  status: OrderDeletionRequestStatus;
  created_at?: string;
}

export type ShippingStatus = 'preparing' | 'in_transit' | 'delivered';

export interface Shipping {
  id: number;
  order: number;
  carrier: string;
  tracking_number: string;
  status: ShippingStatus;
  shipped_at: string | null;
  document: string | null;
}

export type ClaimStatus = 'new' | 'in_review' | 'accepted' | 'rejected' | 'closed';

export interface Claim {
  id: number;
  order: number;
  product: number;
  quantity: number;
  description: string;
  status: ClaimStatus;
  resolution: string;
  created_at: string;
}

export interface Newsletter {
  id: number;
  title: string;
  /** Markdown, rendered safely. */
  body: string;
  /** Null: all dealers; otherwise one dealer group id. */
  audience: number | null;
  published: boolean;
  published_at: string | null;
}

export interface Attachment {
  id: number;
  /** Download URL. */
  file: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  uploaded_by: number | null;
  /** Null: for all dealers. */
  dealer: number | null;
  created_at: string;
}

export interface Variable {
  id: number;
  key: string;
  value: string;
  description: string;
}

/** One line of the browser-side cart (key `cart`). */
export interface CartItem {
  product: number;
  sku: string;
  name: string;
  /** Unit price, decimal string. */
  price: string;
  quantity: number;
}

/** One step of the browser-side calculator (key `steps`). */
export interface CalculatorStep {
  key: string;
  value: unknown;
  label: string;
}

/** The API's error body (design §6). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string[]>;
}
