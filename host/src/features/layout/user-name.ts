import type { CurrentUser } from '@portal/shared';

/**
 * The name the header and the greeting use: the first name, else the email. While the profile of a
 * user restored from stored tokens is loading, nothing, so that the email does not flash by first.
 */
export function shortName(user: CurrentUser, profileLoading: boolean): string {
  return user.first_name || (profileLoading ? '' : user.email);
}

/** The full name, else the email. */
export function fullName(user: CurrentUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}
