// The form binding (refine's useForm, design §3): one hook feeds an antd Form. It fills the form
// from the item being edited, saves through the resource's area (its create or update, so the flags
// of spec §4 and the list's rows follow every save), puts the API's `fields` errors on their fields and its message above the form, keeps
// everything typed when a save fails (the form's values are never reset by a failure), disables
// submit while saving, and asks before leaving unsaved changes (useUnsavedChanges).
import { useEffect, useRef, useState } from 'react';
import Form, { type FormInstance, type FormProps } from 'antd/es/form';
import { errorMessage, fieldErrors, useAppDispatch, useAppSelector, type CrudArea } from '@portal/shared';
import { useSay } from './answer';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface ResourceFormOptions<Values, Item extends { id: number }> {
  /** The form's name: its fields' ids are `<name>_<field>`, unique on the page (the labels point at them). */
  name: string;
  /** The resource's area: a new item is its create, an existing one its update. */
  area?: CrudArea<Item>;
  /** Instead of an area, a save that is not plain CRUD (a call of the resource's api.ts). */
  submit?(body: object | FormData): Promise<Item>;
  /** The item's id when editing; a new item is created without it. */
  id?: number | string;
  /** The form's values once the item is loaded (editing) or the defaults of a new item. */
  initialValues?: Values;
  /** The body sent for the form's values; the values themselves by default. */
  toBody?(values: Values): object | FormData;
  /**
   * What the save did, in words naming it («Товар «Насос» сохранён»): said in the host's live region
   * after every save, and the next screen heading (the page `onSaved` opens) takes the focus.
   */
  saved?(item: Item, created: boolean): string;
  /** After a save, with the API's answer (e.g. go to the list). */
  onSaved?(item: Item): void;
}

export interface ResourceFormBinding<Values> {
  form: FormInstance<Values>;
  formProps: FormProps<Values>;
  saving: boolean;
  /** The API's message of the last failed save, beside its field errors. */
  error: string | null;
  dirty: boolean;
  /** The «Уйти со страницы?» dialog, to render with the form. */
  leaveDialog: React.ReactNode;
  submitProps: { htmlType: 'submit'; loading: boolean; disabled: boolean };
}

/** The update's body: the form's values with the item's id (a multipart body carries it as a field). */
function withId(body: object | FormData, id: number): { id: number } | FormData {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    body.set('id', String(id));
    return body;
  }
  return { ...body, id };
}

export function useResourceForm<Values extends object, Item extends { id: number }>(options: ResourceFormOptions<Values, Item>): ResourceFormBinding<Values> {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const say = useSay();
  const areaSaving = useAppSelector((state) => (options.area ? options.area.selectArea(state).saving : false));
  const [submitting, setSubmitting] = useState(false);
  const saving = areaSaving || submitting;
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const latest = useRef(options);
  latest.current = options;

  // Filled once the item arrives; what the user has typed since is not overwritten by a re-render.
  const filled = useRef(false);
  useEffect(() => {
    if (options.initialValues && !filled.current) {
      filled.current = true;
      form.setFieldsValue(options.initialValues as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [form, options.initialValues]);

  const onFinish = async (values: Values) => {
    const { id, toBody, onSaved, saved } = latest.current;
    setError(null);
    const body = toBody ? toBody(values) : values;
    const result = await save(latest.current, body, id);
    if (result.ok) {
      setDirty(false);
      guard.release();
      if (saved) say(saved(result.item, id === undefined), { focus: 'heading' });
      onSaved?.(result.item);
      return;
    }
    const { fields } = result;
    const known = new Set(Object.keys(form.getFieldsValue() as object));
    const onForm = Object.entries(fields).filter(([name]) => known.has(name));
    form.setFields(onForm.map(([name, message]) => ({ name: name as never, errors: [message] })));
    // The keyboard goes to the first field to correct.
    if (onForm.length) form.scrollToField(onForm[0][0] as never, { focus: true, block: 'center' });
    // A field the form does not show still gets its message said, above the form.
    const elsewhere = Object.entries(fields).filter(([name]) => !known.has(name)).map(([, message]) => message);
    setError([result.message, ...elsewhere].join(' '));
  };

  type Saved = { ok: true; item: Item } | { ok: false; message: string; fields: Record<string, string> };
  async function save({ area, submit }: ResourceFormOptions<Values, Item>, body: object | FormData, id: number | string | undefined): Promise<Saved> {
    if (submit) {
      setSubmitting(true);
      try {
        return { ok: true, item: await submit(body) };
      } catch (err) {
        return { ok: false, message: errorMessage(err), fields: fieldErrors(err) };
      } finally {
        setSubmitting(false);
      }
    }
    if (!area) throw new Error('useResourceForm needs an area or a submit.');
    const result = id === undefined ? await dispatch(area.create(body)) : await dispatch(area.update(withId(body, Number(id))));
    if (result.meta.requestStatus === 'fulfilled') return { ok: true, item: result.payload as Item };
    return { ok: false, message: String(result.payload ?? ''), fields: (result.meta as { fields?: Record<string, string> }).fields ?? {} };
  }

  return {
    form,
    formProps: {
      form,
      name: options.name,
      layout: 'vertical',
      onFinish,
      onValuesChange: () => setDirty(true),
      initialValues: options.initialValues,
      scrollToFirstError: true,
    },
    saving,
    error,
    dirty,
    leaveDialog: guard.dialog,
    submitProps: { htmlType: 'submit', loading: saving, disabled: saving },
  };
}
