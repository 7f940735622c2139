// The entity and contract types shared by the host, the remotes and the API (design §3, §5).
// The entities are not written here: they are named from ./api-types, which
// `npx tsx scripts/generate-api-types.ts` generates from the API's own OpenAPI document, so a field
// is what the API serves (api/src/test/api-types.test.ts fails when the file drifts). Only what the
// API does not serve is written by hand: the browser's own shapes and the token's claims.
// Ids are numbers, money is a decimal string ("1250.00"), timestamps are ISO-8601 strings in UTC.
import type { paths } from './api-types';

/** Every path the API serves, with its parameters, bodies and answers. */
export type ApiPaths = paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The JSON a path answers to a method when it succeeds (200, or 201 for a create). */
export type ApiResponse<P extends keyof paths, M extends ApiMethod = 'get'> =
  paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T
    : paths[P][M] extends { responses: { 201: { content: { 'application/json': infer T } } } } ? T
      : never;

/** The JSON body a path takes for a method; never when it takes none. */
export type ApiRequestBody<P extends keyof paths, M extends ApiMethod> =
  paths[P][M] extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;

/** One page of a list: `{count, next, previous, results}` (design §6). */
export type Paginated<T> = Omit<ApiResponse<'/api/news/'>, 'results'> & { results: T[] };

export type User = ApiResponse<'/api/users/{id}/'>;
export type Role = User['role'];
export type Dealer = ApiResponse<'/api/dealers/{id}/'>;
export type DealerGroup = ApiResponse<'/api/dealergroups/{id}/'>;
export type RegistrationRequest = ApiResponse<'/api/regreq/{id}/'>;
export type RegistrationRequestStatus = RegistrationRequest['status'];
export type RegistrationRequestSameTaxId = NonNullable<RegistrationRequest['same_tax_id']>[number];
export type Product = ApiResponse<'/api/products/{id}/'>;
/** A product as a dealer sees it (`/api/dp/`), with the price after its group's discount. */
export type DealerProduct = ApiResponse<'/api/dp/{id}/'>;
/** A category of the catalogue with its number of products (`GET /api/dp/categories/`, staff: `/api/products/categories/`). */
export type ProductCategory = ApiResponse<'/api/dp/categories/'>[number];
export type StoreItem = ApiResponse<'/api/storeitems/{id}/'>;
/** A store item as staff read it: with what is on hand and what orders reserved (a dealer gets neither). */
export type StaffStoreItem = StoreItem & { quantity: number; reserved: number };
export type Order = ApiResponse<'/api/orders/{id}/'>;
export type OrderStatus = Order['status'];
/** A line of an order, its unit price and amount computed by the server at order time. */
export type OrderItem = Order['items'][number];
/** The optional file of an order, deletion request or shipping: its metadata and download URL. */
export type AttachedFile = NonNullable<Order['document']>;
/**
 * One entry of an item's `history` (design §5), oldest first; the first one (`from` null) is the
 * item's creation. `who` is the name of who made the change (null: a visitor, or unknown), `when`
 * ISO-8601. Its fields are those of the timeline block (`@portal/shared/ui/status-timeline`).
 */
export type OrderStatusChange = Order['history'][number];
export type OrderDeletionRequest = ApiResponse<'/api/orderdelreq/{id}/'>;
export type OrderDeletionRequestStatus = OrderDeletionRequest['status'];
export type Shipping = ApiResponse<'/api/shippings/{id}/'>;
export type ShippingStatus = Shipping['status'];
export type Claim = ApiResponse<'/api/claims/{id}/'>;
export type ClaimStatus = Claim['status'];
export type ClaimReason = Claim['reason'];
/** A photo or document of a claim or of a message of its conversation. */
export type ClaimFile = Claim['files'][number];
/** A message of a claim's conversation (`/api/claims/{id}/comments/`); `internal`: a staff note, never sent to a dealer. */
export type ClaimComment = ApiResponse<'/api/claims/{id}/comments/', 'post'>;
/** A status change of any item with a history: an order, shipping, claim, registration or deletion request. */
export type StatusChange = OrderStatusChange | Shipping['history'][number] | Claim['history'][number]
  | RegistrationRequest['history'][number] | OrderDeletionRequest['history'][number];
/** Staff see every newsletter (`/api/newsletters/`), dealers the news meant for them (`/api/news/`). */
export type Newsletter = ApiResponse<'/api/newsletters/{id}/'>;
/** A downloadable file; `dealer` null: for all dealers. */
export type Attachment = ApiResponse<'/api/attachments/{id}/'>;
export type Variable = ApiResponse<'/api/variables/{id}/'>;
/** What every signed-in user may read of the variables (`GET /api/settings/`): `min_order_total` ("0.00": none), `support_email`. */
export type Settings = ApiResponse<'/api/settings/'>;
/** The dealer agreement and whether the caller signed it (`GET /api/contract/`). */
export type Contract = ApiResponse<'/api/contract/'>;
/** The agreement's versions, newest first, each with who signed it and when (`GET /api/contract/versions/`, admin). */
export type ContractVersion = ApiResponse<'/api/contract/versions/'>[number];

export interface AuthTokens {
  access: string;
  refresh: string;
}

/**
 * The claims of an access token (design §6). Not in the API's document (a token is opaque to it),
 * so written here once; the API signs and verifies exactly these.
 */
export interface AccessClaims extends Pick<User, 'email' | 'role' | 'is_staff' | 'dealer' | 'contract_signed'> {
  token_type: string;
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
}

/** The signed-in user as the page knows it: the token's claims, and the names once the profile is read. */
export interface CurrentUser extends Pick<User, 'id' | 'email' | 'role' | 'is_staff' | 'dealer' | 'contract_signed'> {
  first_name?: string;
  last_name?: string;
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

/** One remote as the release API lists it (`GET /api/remotes/`), and as activation and rollback answer (design §3 "Releases"). */
export type RemoteState = ApiResponse<'/api/remotes/'>[number];
export type Release = RemoteState['releases'][number];
export type LiveRelease = NonNullable<RemoteState['live']>;
/** A remote's deploy key as listed; the key itself is only in the answer of its creation (`NewDeployKey`). */
export type DeployKey = ApiResponse<'/api/remotes/{name}/keys/'>[number];
export type NewDeployKey = ApiResponse<'/api/remotes/{name}/keys/', 'post'>;

/** A list path whose items have their own path (`/api/claims/` for `/api/claims/{id}/`): what a CRUD area reads. */
export type ApiListPath = {
  [K in keyof paths]: K extends `${infer Base}{id}/` ? (Base extends keyof paths ? Base : never) : never;
}[keyof paths];
/** The path of one item of a list path: `/api/claims/{id}/` for `/api/claims/`. */
export type ApiItemPath<P extends ApiListPath> = Extract<`${P}{id}/`, keyof paths>;
/** One item of a list path as the API answers it. */
export type ApiItem<P extends ApiListPath> = ApiResponse<ApiItemPath<P>>;
/** The body of an update (PUT) of one item of a list path. */
export type ApiUpdateBody<P extends ApiListPath> = ApiRequestBody<ApiItemPath<P>, 'put'>;
/** The values a path's `{name}` parts take: `{ id: 3 }` for `/api/claims/{id}/comments/`. */
export type ApiPathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string | number } & ApiPathParams<Rest>
  : unknown;
