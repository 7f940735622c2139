// The one Database interface of the API: a table per file under tables/.
import type { Insertable } from 'kysely';
import type { AttachmentsTable } from './tables/attachments';
import type { AuditLogTable } from './tables/audit';
import type { ClaimCommentsTable, ClaimFilesTable, ClaimsTable } from './tables/claims';
import type { ContractSignaturesTable, ContractVersionsTable } from './tables/contract-versions';
import type { DataVersionsTable } from './tables/data-versions';
import type { DealerGroupsTable } from './tables/dealer-groups';
import type { DealersTable } from './tables/dealers';
import type { NewsletterDeliveriesTable } from './tables/newsletter-deliveries';
import type { NewslettersTable } from './tables/newsletters';
import type { OrderDeletionRequestsTable } from './tables/order-deletion-requests';
import type { OrderCountsTable, OrderEditsTable, OrderItemsTable, OrdersTable } from './tables/orders';
import type { ProductsTable } from './tables/products';
import type { RefreshTokensTable } from './tables/refresh-tokens';
import type { DeployKeysTable, ReleaseActivationsTable, RemoteReleasesTable, RemotesTable } from './tables/remotes';
import type { RegistrationRequestsTable } from './tables/registration-requests';
import type { RestoreMailsTable, RestoreTokensTable } from './tables/restore-tokens';
import type { SavedViewsTable } from './tables/saved-views';
import type { ShippingsTable } from './tables/shippings';
import type { StatusChangesTable } from './tables/status-changes';
import type { StockMovementsTable } from './tables/stock-movements';
import type { StockReservationsTable } from './tables/stock-reservations';
import type { StoreItemsTable } from './tables/store-items';
import type { StoredFilesTable } from './tables/stored-files';
import type { UsersTable } from './tables/users';
import type { VariablesTable } from './tables/variables';

export interface Database {
  users: UsersTable;
  dealer_groups: DealerGroupsTable;
  dealers: DealersTable;
  newsletters: NewslettersTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  variables: VariablesTable;
  refresh_tokens: RefreshTokensTable;
  restore_tokens: RestoreTokensTable;
  restore_mails: RestoreMailsTable;
  registration_requests: RegistrationRequestsTable;
  stored_files: StoredFilesTable;
  products: ProductsTable;
  store_items: StoreItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_edits: OrderEditsTable;
  order_counts: OrderCountsTable;
  order_deletion_requests: OrderDeletionRequestsTable;
  shippings: ShippingsTable;
  claims: ClaimsTable;
  claim_comments: ClaimCommentsTable;
  claim_files: ClaimFilesTable;
  attachments: AttachmentsTable;
  contract_versions: ContractVersionsTable;
  contract_signatures: ContractSignaturesTable;
  data_versions: DataVersionsTable;
  status_changes: StatusChangesTable;
  stock_reservations: StockReservationsTable;
  stock_movements: StockMovementsTable;
  remotes: RemotesTable;
  remote_releases: RemoteReleasesTable;
  release_activations: ReleaseActivationsTable;
  deploy_keys: DeployKeysTable;
  audit_log: AuditLogTable;
  saved_views: SavedViewsTable;
}

/** A row as it is inserted into a table (generated columns optional). */
export type NewRow<Table extends keyof Database> = Insertable<Database[Table]>;
