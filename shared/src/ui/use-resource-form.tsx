// The form binding (refine's useForm, design §3): one hook feeds an antd Form. It fills the form
// from the item being edited, saves through the one client (POST for a new item, PUT for an existing
// one), puts the API's `fields` errors on their fields and its message above the form, keeps
// everything typed when a save fails (the form's values are never reset by a failure), disables
// submit while saving, and asks before leaving unsaved changes (useUnsavedChanges).
import { useEffect, useRef, useState } from 'react';
import Form, { type FormInstance, type FormProps } from 'antd/es/form';
import { apiClient, errorMessage, fieldErrors } from '@portal/shared';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface ResourceFormOptions<Values, Item> {
  /** The form's name: its fields' ids are `<name>_<field>`, unique on the page (the labels point at them). */
  name: string;
  /** The list path with its trailing slash, e.g. '/api/newsletters/'. */
  path: string;
  /** The item's id when editing; a new item is created without it. */
  id?: number | string;
  /** The form's values once the item is loaded (editing) or the defaults of a new item. */
  initialValues?: Values;
  /** The body sent for the form's values; the values themselves by default. */
  toBody?(values: Values): unknown;
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

export function useResourceForm<Values extends object, Item = unknown>(options: ResourceFormOptions<Values, Item>): ResourceFormBinding<Values> {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
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
    const { path, id, toBody, onSaved } = latest.current;
    setSaving(true);
    setError(null);
    try {
      const body = toBody ? toBody(values) : values;
      const { data } = id === undefined
        ? await apiClient.post<Item>(path, body)
        : await apiClient.put<Item>(`${path}${id}/`, body);
      setDirty(false);
      guard.release();
      onSaved?.(data);
    } catch (err) {
      const fields = fieldErrors(err);
      const known = new Set(Object.keys(form.getFieldsValue() as object));
      const onForm = Object.entries(fields).filter(([name]) => known.has(name));
      form.setFields(onForm.map(([name, message]) => ({ name: name as never, errors: [message] })));
      // A field the form does not show still gets its message said, above the form.
      const elsewhere = Object.entries(fields).filter(([name]) => !known.has(name)).map(([, message]) => message);
      setError([errorMessage(err), ...elsewhere].join(' '));
    } finally {
      setSaving(false);
    }
  };

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
