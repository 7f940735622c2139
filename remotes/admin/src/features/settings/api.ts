// The settings screen's calls that are not plain CRUD: a setting saved by its key (created when the
// portal has none yet), and the agreement's publication with the count of who must sign it first.
import { apiGet, apiPost, apiPut, type Variable } from '@portal/shared';

/** Writes one known setting: its variable's new value, or a new variable when there is none. */
export async function saveSetting(variable: Variable | undefined, key: string, value: string): Promise<void> {
  if (variable) await apiPut('/api/variables/{id}/', { key, value, description: variable.description }, { path: { id: variable.id } });
  else await apiPost('/api/variable/create/', { key, value, description: '' });
}

/** How many dealer users must sign a version published now. */
export const mustSign = async () => (await apiGet('/api/contract/must-sign/')).must_sign;

/** Publishes a new version of the agreement with what changed in it. */
export const publishAgreement = (text: string, summary: string) => apiPost('/api/contract/versions/', { text, summary });
