// The email rule: an address is kept and compared trimmed and in lower case, so that `Ivan@X.ru `
// and `ivan@x.ru` are one account, one registration and one sign-in limit.
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
