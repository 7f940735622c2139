// The one Database interface of the API: a table per file under tables/.
import type { DealerGroupsTable } from './tables/dealer-groups';
import type { DealersTable } from './tables/dealers';
import type { NewslettersTable } from './tables/newsletters';
import type { RefreshTokensTable } from './tables/refresh-tokens';
import type { RegistrationRequestsTable } from './tables/registration-requests';
import type { RestoreTokensTable } from './tables/restore-tokens';
import type { UsersTable } from './tables/users';
import type { VariablesTable } from './tables/variables';

export interface Database {
  users: UsersTable;
  dealer_groups: DealerGroupsTable;
  dealers: DealersTable;
  newsletters: NewslettersTable;
  variables: VariablesTable;
  refresh_tokens: RefreshTokensTable;
  restore_tokens: RestoreTokensTable;
  registration_requests: RegistrationRequestsTable;
}
