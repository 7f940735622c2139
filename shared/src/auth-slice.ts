// The signed-in user (spec §4): tokens in browser storage, the user decoded from the access token.
// The token's claims carry no names: a user restored from stored tokens gets them from
// GET /api/users/me/ (loadProfile), a freshly signed-in one from the login response.
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { jwtDecode } from 'jwt-decode';
import { TOKEN_PATH, browserTokenStore, type TokenStore } from './api-client';
import { errorMessage, loginErrorMessage } from './errors';
import type { ThunkExtra } from './thunk-extra';
import type { AccessClaims, AuthTokens, CurrentUser, User } from './types';

export interface AuthState {
  user: CurrentUser | null;
  tokens: AuthTokens | null;
  loading: boolean;
  error: string | null;
  /** GET /api/users/me/ is under way: the names are not known yet. */
  profileLoading: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginResponse extends AuthTokens {
  user?: Partial<User>;
}

export const CONTRACT_SIGN_PATH = '/api/contract/sign/';
export const CURRENT_USER_PATH = '/api/users/me/';

/** The current user from an access token's claims; null when the token cannot be decoded. */
export function userFromAccessToken(access: string): CurrentUser | null {
  try {
    const claims = jwtDecode<AccessClaims>(access);
    if (typeof claims.user_id !== 'number') return null;
    return {
      id: claims.user_id,
      email: claims.email,
      role: claims.role,
      is_staff: Boolean(claims.is_staff),
      dealer: claims.dealer ?? null,
      contract_signed: Boolean(claims.contract_signed),
    };
  } catch {
    return null;
  }
}

/** The state a page starts with: whatever tokens the browser kept. */
export function initialAuthState(tokens: TokenStore = browserTokenStore): AuthState {
  const stored = tokens.get();
  const user = stored ? userFromAccessToken(stored.access) : null;
  return { user, tokens: user ? stored : null, loading: false, error: null, profileLoading: false };
}

function withNames(user: CurrentUser, names: Partial<Pick<CurrentUser, 'first_name' | 'last_name'>> | null | undefined): CurrentUser {
  const result = { ...user };
  if (typeof names?.first_name === 'string') result.first_name = names.first_name;
  if (typeof names?.last_name === 'string') result.last_name = names.last_name;
  return result;
}

type ThunkConfig = { extra: ThunkExtra; rejectValue: string };

/** POST /api/token/: on success the tokens are stored and the user decoded from the access token. */
export const login = createAsyncThunk<{ tokens: AuthTokens; user: CurrentUser }, Credentials, ThunkConfig>(
  'auth/login',
  async (credentials, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.post<LoginResponse>(TOKEN_PATH, credentials, { skipAuth: true });
      const tokens: AuthTokens = { access: data.access, refresh: data.refresh };
      const decoded = typeof tokens.access === 'string' ? userFromAccessToken(tokens.access) : null;
      if (!decoded || typeof tokens.refresh !== 'string') return rejectWithValue(loginErrorMessage(null));
      extra.tokens.set(tokens);
      return { tokens, user: withNames(decoded, data.user) };
    } catch (err) {
      // Spec §8: a failed login removes whatever tokens were stored.
      extra.tokens.clear();
      return rejectWithValue(loginErrorMessage(err));
    }
  },
);

/** POST /api/contract/sign/, then fresh tokens whose claims say so (spec §4). */
export const contractSigned = createAsyncThunk<AuthTokens, void, ThunkConfig>(
  'auth/contractSigned',
  async (_, { extra, rejectWithValue }) => {
    try {
      await extra.api.post(CONTRACT_SIGN_PATH);
      return await extra.api.refreshTokens({ force: true });
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  },
);

/**
 * GET /api/users/me/ through the page's client: the profile's names are merged into the current
 * user. Who the user is and what they may do (role, is_staff, dealer, contract_signed) stay as the
 * access token says, because the API authorizes by the token. A failure leaves the user as decoded.
 */
export const loadProfile = createAsyncThunk<Partial<User>, void, ThunkConfig & { state: { auth: AuthState } }>(
  'auth/loadProfile',
  async (_, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.get<Partial<User>>(CURRENT_USER_PATH);
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  },
  { condition: (_, { getState }) => getState().auth.user !== null && !getState().auth.profileLoading },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState: () => initialAuthState(),
  reducers: {
    /** Clears the tokens, the cart and the current user (spec §4); storage is cleared by the store. */
    logout(state) {
      state.user = null;
      state.tokens = null;
      state.loading = false;
      state.error = null;
      state.profileLoading = false;
    },
    /** The client refreshed the tokens: keep them and decode the user again. */
    tokensRefreshed(state, action: PayloadAction<AuthTokens>) {
      const user = userFromAccessToken(action.payload.access);
      state.tokens = action.payload;
      state.user = user ? withNames(user, state.user) : state.user;
    },
    clearAuthError(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.tokens = action.payload.tokens;
        state.user = action.payload.user;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.tokens = null;
        state.user = null;
        state.error = action.payload ?? errorMessage(action.error);
      })
      .addCase(contractSigned.fulfilled, (state, action) => {
        const user = userFromAccessToken(action.payload.access);
        state.tokens = action.payload;
        if (user) state.user = withNames(user, state.user);
        if (state.user) state.user.contract_signed = true;
      })
      .addCase(loadProfile.pending, (state) => {
        state.profileLoading = true;
      })
      .addCase(loadProfile.fulfilled, (state, action) => {
        state.profileLoading = false;
        // The answer of a user who has since logged out, or been replaced by another, is dropped.
        if (state.user && action.payload?.id === state.user.id) state.user = withNames(state.user, action.payload);
      })
      .addCase(loadProfile.rejected, (state) => {
        state.profileLoading = false;
      });
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.tokens !== null,
    selectIsStaff: (state) => state.user?.is_staff ?? false,
    selectAuthError: (state) => state.error,
    selectAuthLoading: (state) => state.loading,
    selectProfileLoading: (state) => state.profileLoading,
  },
});

export const { logout, tokensRefreshed, clearAuthError } = authSlice.actions;
export const {
  selectCurrentUser, selectIsAuthenticated, selectIsStaff, selectAuthError, selectAuthLoading, selectProfileLoading,
} = authSlice.selectors;
