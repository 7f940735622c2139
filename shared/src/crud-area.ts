// One slice factory for every data area (style 5): the flags of spec §4 (loading, loaded, saving,
// saved, deleting, deleted, the error and the latest saved item) and the calls of spec §7.
import { createAsyncThunk, createSlice, type Slice } from '@reduxjs/toolkit';
import { errorMessage } from './errors';
import type { RootState } from './store';
import type { ThunkExtra } from './thunk-extra';
import type { Paginated } from './types';

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

export type AreaPath = string | ((state: RootState) => string);

export interface CrudAreaOptions {
  /** The slice's name and its key in the store. */
  name: string;
  /** The list path with its trailing slash, e.g. '/api/claims/'; a function picks it from the state. */
  path: AreaPath;
  /** Where POST goes when it is not `path` (spec §7: /api/shipping/create/, /api/storeitem/create/, ...). */
  createPath?: AreaPath;
  /** Send create and update as multipart form-data (orders, deletion requests, shipping, attachments). */
  multipart?: boolean;
}

export type ListParams = Record<string, string | number | boolean | undefined | null>;

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

export function createCrudArea<T extends { id: number }>(options: CrudAreaOptions) {
  const { name, multipart = false } = options;
  if (STATIC_SLICES.includes(name)) throw new Error(`"${name}" is a slice of @portal/shared; choose another area name.`);
  type Config = { state: RootState; extra: ThunkExtra; rejectValue: string };
  const resolve = (path: AreaPath, state: RootState) => (typeof path === 'function' ? path(state) : path);
  const body = (item: object | FormData) => (multipart && !isFormData(item) ? toFormData(item) : item);

  const fetchList = createAsyncThunk<{ items: T[]; count: number }, ListParams | undefined, Config>(
    `${name}/fetchList`,
    async (params, { getState, extra, rejectWithValue }) => {
      try {
        const { data } = await extra.api.get<Paginated<T> | T[]>(resolve(options.path, getState()), { params });
        if (Array.isArray(data)) return { items: data, count: data.length };
        return { items: data.results ?? [], count: typeof data.count === 'number' ? data.count : (data.results ?? []).length };
      } catch (err) {
        return rejectWithValue(errorMessage(err));
      }
    },
  );

  const fetchOne = createAsyncThunk<T, number, Config>(`${name}/fetchOne`, async (id, { getState, extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.get<T>(`${resolve(options.path, getState())}${id}/`);
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  });

  const create = createAsyncThunk<T, Partial<T> | FormData, Config>(`${name}/create`, async (item, { getState, extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.post<T>(resolve(options.createPath ?? options.path, getState()), body(item));
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  });

  const update = createAsyncThunk<T, T | FormData, Config>(`${name}/update`, async (item, { getState, extra, rejectWithValue }) => {
    try {
      const { data } = await extra.api.put<T>(`${resolve(options.path, getState())}${idOf(item)}/`, body(item));
      return data;
    } catch (err) {
      return rejectWithValue(errorMessage(err));
    }
  });

  const remove = createAsyncThunk<number, number, Config>(`${name}/remove`, async (id, { getState, extra, rejectWithValue }) => {
    try {
      await extra.api.delete(`${resolve(options.path, getState())}${id}/`);
      return id;
    } catch (err) {
      return rejectWithValue(errorMessage(err));
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

export type CrudArea<T extends { id: number }> = ReturnType<typeof createCrudArea<T>>;
