// One slice factory for every data area (style 5): the flags of spec §4 (loading, loaded, saving,
// saved, deleting, deleted, the error and the latest saved item) and the calls of spec §7.
import { createAsyncThunk, createSlice, type AsyncThunkAction, type Slice, type UnknownAction } from '@reduxjs/toolkit';
import { errorMessage } from './errors';
import type { RootState } from './store';
import type { ThunkExtra } from './thunk-extra';
import { forgetChoices } from './choices-cache';
import { errorStatus, fieldErrors } from './errors';
import type { ApiItem, ApiListPath, ApiPaths, ApiRequestBody, ApiUpdateBody, Paginated } from './types';

export interface CrudAreaState<T> {
  items: T[];
  count: number;
  current: T | null;
  loading: boolean;
  loaded: boolean;
  saving: boolean;
  saved: boolean;
  deleting: boolean;
  deleted: boolean;
  error: string | null;
  savedItem: T | null;
}

/** A list path of the API, or a function that picks one from the state (news or newsletters, say). */
export type AreaPath<P extends ApiListPath = ApiListPath> = P | ((state: RootState) => P);

export interface CrudAreaOptions<P extends ApiListPath = ApiListPath, C extends keyof ApiPaths = P> {
  /** The slice's name and its key in the store. */
  name: string;
  /** The list path with its trailing slash, e.g. '/api/claims/'; a function picks it from the state. */
  path: AreaPath<P>;
  /** Where POST goes when it is not `path` (spec §7: /api/shipping/create/, /api/storeitem/create/, ...). */
  createPath?: C;
  /** Filters every list call of this area carries (the staff's queue of pending requests, say). */
  params?: ListParams;
  /** Send create and update as multipart form-data (orders, deletion requests, shipping, attachments). */
  multipart?: boolean;
}

export type ListParams = Record<string, string | number | boolean | undefined | null>;

/** A create with a file (multipart): its form, and what to tell of the upload's progress, in per cent. */
export interface AreaUpload {
  form: FormData;
  onProgress(percent: number): void;
}

function isUpload(value: unknown): value is AreaUpload {
  return typeof value === 'object' && value !== null && 'form' in value && isFormData((value as AreaUpload).form);
}

/** What a failed call of an area tells besides its message (the message is the area's error, spec §8). */
export interface AreaFailure {
  /** The HTTP status, when the API answered (404: not there, or not the caller's). */
  status?: number;
  /** The first message of each field of a 400 answer (design §6), for the form's fields. */
  fields: Record<string, string>;
}

const STATIC_SLICES = ['auth', 'ui', 'cart', 'calculator'];

function emptyArea<T>(): CrudAreaState<T> {
  return {
    items: [], count: 0, current: null,
    loading: false, loaded: false, saving: false, saved: false, deleting: false, deleted: false,
    error: null, savedItem: null,
  };
}

/** A plain item as multipart form-data: files as they are, objects and arrays as JSON, nulls left out. */
export function toFormData(item: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined || value === null) continue;
    if (typeof Blob !== 'undefined' && value instanceof Blob) form.append(key, value);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function idOf(item: { id?: number } | FormData): number {
  const id = isFormData(item) ? Number(item.get('id')) : Number(item.id);
  if (!Number.isInteger(id)) throw new Error('An update needs the id of the item.');
  return id;
}

/**
 * The area of a list path: `createCrudArea({ name: 'claims', path: '/api/claims/' })` reads and
 * writes claims, its items, create and update bodies typed from the API's own document, so a wrong
 * field or path fails the type check. `T` is given only when the path is picked from the state.
 */
export function createCrudArea<P extends ApiListPath, T extends { id: number } = Extract<ApiItem<P>, { id: number }>, C extends keyof ApiPaths = P>(
  options: CrudAreaOptions<P, C>,
) {
  const { name, multipart = false } = options;
  if (STATIC_SLICES.includes(name)) throw new Error(`"${name}" is a slice of @portal/shared; choose another area name.`);
  type Config = AreaConfig;
  type CreateBody = ApiRequestBody<C, 'post'>;
  type UpdateBody = ApiUpdateBody<P> & { id: number };
  const resolve = (path: AreaPath<P> | C, state: RootState): string => (typeof path === 'function' ? path(state) : path);
  const body = (item: unknown) => (multipart && !isFormData(item) ? toFormData(item as object) : item);
  const failure = (err: unknown): AreaFailure => ({ status: errorStatus(err), fields: fieldErrors(err) });
  // A save changes what the choices of this path offer (a new group in the dealer form's list, say).
  const saved = (state: RootState) => forgetChoices(resolve(options.path, state));

  const fetchList = createAsyncThunk<{ items: T[]; count: number }, ListParams | undefined, Config>(
    `${name}/fetchList`,
    async (params, { getState, extra, rejectWithValue }) => {
      try {
        const { data } = await extra.api.get<Paginated<T> | T[]>(resolve(options.path, getState()), { params: { ...options.params, ...params } });
        if (Array.isArray(data)) return { items: data, count: data.length };
        return { items: data.results ?? [], count: typeof data.count === 'number' ? data.count : (data.results ?? []).length };
      } catch (err) {
        return rejectWithValue(errorMessage(err), failure(err));
      }
    },
  );

  const fetchOne = createAsyncThunk<T, number | string, Config>(`${name}/fetchOne`, async (id, { getState, extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.get<T>(`${resolve(options.path, getState())}${id}/`);
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err), failure(err));
    }
  });

  const create = createAsyncThunk<T, CreateBody | FormData | AreaUpload, Config>(`${name}/create`, async (item, { getState, extra, rejectWithValue }) => {
    try {
      const path = resolve(options.createPath ?? options.path, getState());
      const { data } = isUpload(item)
        ? await extra.api.post<T>(path, item.form, {
          onUploadProgress: (event) => { if (event.total) item.onProgress(Math.round((event.loaded / event.total) * 100)); },
        })
        : await extra.api.post<T>(path, body(item));
      saved(getState());
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err), failure(err));
    }
  });

  const update = createAsyncThunk<T, UpdateBody | FormData, Config>(`${name}/update`, async (item, { getState, extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.put<T>(`${resolve(options.path, getState())}${idOf(item)}/`, body(item));
      saved(getState());
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err), failure(err));
    }
  });

  const remove = createAsyncThunk<number, number, Config>(`${name}/remove`, async (id, { getState, extra, rejectWithValue }) => {
    try {
      await extra.api.delete(`${resolve(options.path, getState())}${id}/`);
      saved(getState());
      return id;
    } catch (err) {
      return rejectWithValue(errorMessage(err), failure(err));
    }
  });

  const failed = (state: CrudAreaState<T>, action: { payload?: string; error: { message?: string } }) =>
    action.payload ?? errorMessage(action.error.message);

  const slice = createSlice({
    name,
    initialState: emptyArea<T>,
    reducers: {
      /** Resets the flags, the error and the latest saved item (spec §4); the data stays. */
      clear(state) {
        state.loading = false;
        state.loaded = false;
        state.saving = false;
        state.saved = false;
        state.deleting = false;
        state.deleted = false;
        state.error = null;
        state.savedItem = null;
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(fetchList.pending, (state) => {
          state.loading = true;
          state.loaded = false;
          state.error = null;
        })
        .addCase(fetchList.fulfilled, (state, action) => {
          state.loading = false;
          state.loaded = true;
          state.items = action.payload.items as typeof state.items;
          state.count = action.payload.count;
        })
        .addCase(fetchList.rejected, (state, action) => {
          state.loading = false;
          state.error = failed(state as CrudAreaState<T>, action);
        })
        .addCase(fetchOne.pending, (state) => {
          state.loading = true;
          state.loaded = false;
          state.error = null;
        })
        .addCase(fetchOne.fulfilled, (state, action) => {
          state.loading = false;
          state.loaded = true;
          state.current = action.payload as typeof state.current;
        })
        .addCase(fetchOne.rejected, (state, action) => {
          state.loading = false;
          state.error = failed(state as CrudAreaState<T>, action);
        })
        .addCase(create.pending, (state) => {
          state.saving = true;
          state.saved = false;
          state.error = null;
        })
        .addCase(create.fulfilled, (state, action) => {
          state.saving = false;
          state.saved = true;
          state.savedItem = action.payload as typeof state.savedItem;
          state.items.push(action.payload as (typeof state.items)[number]);
          state.count += 1;
        })
        .addCase(create.rejected, (state, action) => {
          state.saving = false;
          state.error = failed(state as CrudAreaState<T>, action);
        })
        .addCase(update.pending, (state) => {
          state.saving = true;
          state.saved = false;
          state.error = null;
        })
        .addCase(update.fulfilled, (state, action) => {
          const item = action.payload as (typeof state.items)[number];
          state.saving = false;
          state.saved = true;
          state.savedItem = item as typeof state.savedItem;
          const index = state.items.findIndex((existing) => existing.id === item.id);
          if (index >= 0) state.items[index] = item;
          if (state.current?.id === item.id) state.current = item as typeof state.current;
        })
        .addCase(update.rejected, (state, action) => {
          state.saving = false;
          state.error = failed(state as CrudAreaState<T>, action);
        })
        .addCase(remove.pending, (state) => {
          state.deleting = true;
          state.deleted = false;
          state.error = null;
        })
        .addCase(remove.fulfilled, (state, action) => {
          const before = state.items.length;
          state.deleting = false;
          state.deleted = true;
          state.items = state.items.filter((item) => item.id !== action.payload);
          state.count = Math.max(0, state.count - (before - state.items.length || 0));
          if (state.current?.id === action.payload) state.current = null;
        })
        .addCase(remove.rejected, (state, action) => {
          state.deleting = false;
          state.error = failed(state as CrudAreaState<T>, action);
        });
    },
  });

  const initial = emptyArea<T>();
  /** The area's state; its initial state until the slice is injected. */
  const selectArea = (state: RootState): CrudAreaState<T> =>
    ((state as unknown as Record<string, CrudAreaState<T> | undefined>)[name]) ?? initial;

  return {
    name,
    path: options.path as AreaPath,
    params: options.params ?? {},
    slice: slice as unknown as Slice<CrudAreaState<T>>,
    fetchList: (params?: ListParams) => fetchList(params),
    fetchOne,
    create,
    update,
    remove,
    clear: slice.actions.clear,
    selectArea,
  };
}

type AreaConfig = { state: RootState; extra: ThunkExtra; rejectValue: string; rejectedMeta: AreaFailure };

/**
 * An area whose items are `T`, whatever its path: what the list, form and item hooks take. Its
 * bodies are checked where the area is made (`createCrudArea`), not here.
 */
export interface CrudArea<T extends { id: number }> {
  readonly name: string;
  /** The list path, or how it is picked from the state (a list's saved views are named by it). */
  readonly path: AreaPath;
  /** The filters every list call of the area carries (its CSV export too). */
  readonly params: ListParams;
  readonly slice: Slice;
  fetchList(params?: ListParams): AsyncThunkAction<{ items: T[]; count: number }, ListParams | undefined, AreaConfig>;
  fetchOne(id: number | string): AsyncThunkAction<T, number | string, AreaConfig>;
  create(body: object | FormData | AreaUpload): AsyncThunkAction<T, unknown, AreaConfig>;
  update(body: { id: number } | FormData): AsyncThunkAction<T, unknown, AreaConfig>;
  remove(id: number): AsyncThunkAction<number, number, AreaConfig>;
  clear(): UnknownAction;
  selectArea(state: RootState): CrudAreaState<T>;
}
