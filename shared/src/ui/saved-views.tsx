// A list's saved views (issue 18 item 8, design §6 `GET|POST /api/views/?list=<list>`,
// `DELETE /api/views/{id}/`): «Виды» beside the list's filters opens a menu of the user's views
// (and, for staff, the views other staff shared with all staff); picking one opens the list at its
// query, a new history entry like any change of the view. «Сохранить вид…» keeps the address's
// filters, search, ordering and page size (not the page) under a name; staff may show it to all
// staff. «Удалить вид…» lists the user's own views, each deleted after a confirm.
//
// The list is named by its area's path (`/api/orders/` → `orders`), so every ResourceList has it.
// The views are asked for when the menu opens, not with the list: a list costs no extra call, and
// what is shown is fresh (another computer may have saved one). Only antd parts the lists already
// load (Dropdown and Checkbox through the table, Modal, Input, Button) are used.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Dropdown from 'antd/es/dropdown';
import Input, { type InputRef } from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import { token } from './tokens';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  apiDelete, apiGet, apiPost, errorMessage, fieldErrors, selectIsStaff, useAppSelector, type ApiResponse, type AreaPath,
} from '@portal/shared';
import { useSay } from './answer';
import { ConfirmButton } from './confirm-button';
import { listNameOf } from './list-name';
import { useUiTranslation } from './translations';

export type SavedView = ApiResponse<'/api/views/', 'get'>[number];

/** The view the address shows, as a view keeps it: its query without the page. */
export function viewQueryOf(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete('page');
  return query.toString();
}

/** The list at `path`'s views, open at once: for tests and screens that want the menu itself. */
export function SavedViews({ path }: { path: AreaPath }) {
  const resolved = useAppSelector((state) => (typeof path === 'function' ? path(state) : path));
  const list = listNameOf(resolved);
  return list ? <SavedViewsMenu key={list} list={list} /> : null;
}

/** The menu of the list's views; `initiallyOpen` when a click on the light button brought it in. */
export function SavedViewsMenu({ list, initiallyOpen = false }: { list: string; initiallyOpen?: boolean }) {
  const { t } = useUiTranslation();
  const isStaff = useAppSelector(selectIsStaff);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const current = viewQueryOf(searchParams);

  const [views, setViews] = useState<SavedView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  /** What the last action did, announced to screen readers (and shown under the button). */
  const say = useSay();

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await apiGet('/api/views/', { query: { list } });
      setViews(Array.isArray(answer) ? answer : []);
    } catch (err) {
      setLoadError(errorMessage(err));
    }
  }, [list]);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Brought in by a click on the light button it replaces: the focus comes to this button first, so
  // that Escape gives it back here, then the menu opens as if it had been clicked here.
  useEffect(() => {
    if (!initiallyOpen) return;
    trigger.current?.focus();
    setOpen(true);
    void load();
  }, [initiallyOpen, load]);

  const mine = (views ?? []).filter((view) => view.mine);
  const others = (views ?? []).filter((view) => !view.mine);
  const viewItem = (view: SavedView) => ({
    key: `view:${view.id}`,
    label: view.mine ? view.name : `${view.name} (${t('views.by', { who: view.author })})`,
    title: view.shared && view.mine ? t('views.sharedMark') : undefined,
  });
  const status = views === null
    ? [{ key: 'status', disabled: true, label: loadError ? t('views.failed', { message: loadError }) : t('views.loading') }]
    : views.length === 0 ? [{ key: 'status', disabled: true, label: t('views.none') }] : [];
  const items = [
    ...status,
    ...(mine.length ? [{ type: 'group' as const, key: 'mine', label: t('views.mine'), children: mine.map(viewItem) }] : []),
    ...(others.length ? [{ type: 'group' as const, key: 'shared', label: t('views.shared'), children: others.map(viewItem) }] : []),
    { type: 'divider' as const, key: 'divider' },
    { key: 'save', label: t('views.save') },
    ...(mine.length ? [{ key: 'manage', label: t('views.manage') }] : []),
  ];
  const selected = (views ?? []).filter((view) => view.query === current).map((view) => `view:${view.id}`);

  const onPick = ({ key }: { key: string }) => {
    if (key === 'save' || key === 'manage') {
      setDialog(key);
      return;
    }
    const view = views?.find((v) => `view:${v.id}` === key);
    if (view) navigate({ search: view.query ? `?${view.query}` : '' });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{ items, onClick: onPick, selectable: true, selectedKeys: selected }}
        open={open}
        onOpenChange={(next) => { setOpen(next); if (next) void load(); }}
      >
        <Button ref={trigger} aria-haspopup="menu">{t('views.button')}</Button>
      </Dropdown>
      {dialog === 'save' && (
        <SaveViewDialog
          list={list} query={current} isStaff={isStaff} onClose={() => setDialog(null)}
          onSaved={(view) => { say(t('views.saved', { name: view.name })); setViews((before) => (before ? [...before, view] : before)); setDialog(null); }}
        />
      )}
      {dialog === 'manage' && (
        <Modal open title={t('views.manageTitle')} onCancel={() => setDialog(null)} footer={null} destroyOnHidden>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {mine.map((view) => (
              <li key={view.id} style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'space-between', padding: '4px 0' }}>
                <span>{view.name}{view.shared ? ` (${t('views.sharedMark')})` : ''}</span>
                <ConfirmButton
                  size="small" danger aria-label={t('views.deleteLabel', { name: view.name })}
                  title={t('views.deleteQuestion', { name: view.name })} content={t('views.deleteText')} okText={t('views.delete')}
                  onConfirm={async () => {
                    await apiDelete('/api/views/{id}/', { path: { id: view.id } });
                    say(t('views.deleted', { name: view.name }));
                    setViews((before) => (before ?? []).filter((v) => v.id !== view.id));
                    if (mine.length === 1) setDialog(null);
                  }}
                >
                  {t('views.delete')}
                </ConfirmButton>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </>
  );
}

interface SaveViewDialogProps {
  list: string;
  query: string;
  isStaff: boolean;
  onClose(): void;
  onSaved(view: SavedView): void;
}

/** «Сохранить вид»: a name (and, for staff, «Показать всем сотрудникам»); the server's refusal stays in the dialog. */
function SaveViewDialog({ list, query, isStaff, onClose, onSaved }: SaveViewDialogProps) {
  const { t } = useUiTranslation();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const input = useRef<InputRef>(null);
  const id = useId();

  const save = async () => {
    setBusy(true);
    setError(null);
    setNameError(null);
    try {
      onSaved(await apiPost('/api/views/', { name, query, ...(isStaff ? { shared } : {}) }, { query: { list } }));
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.name) setNameError(fields.name);
      else setError(errorMessage(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open title={t('views.saveTitle')} okText={t('views.saveOk')} cancelText={t('form.cancel')}
      confirmLoading={busy} okButtonProps={{ disabled: name.trim() === '' }}
      onOk={() => void save()} onCancel={() => { if (!busy) onClose(); }} destroyOnHidden
      afterOpenChange={(opened) => { if (opened) input.current?.focus(); }}
    >
      <form onSubmit={(event) => { event.preventDefault(); if (name.trim() !== '' && !busy) void save(); }}>
        <p id={`${id}-hint`} style={{ marginTop: 0 }}>{t('views.saveHint')}</p>
        <label htmlFor={`${id}-name`} style={{ display: 'block', marginBottom: 4 }}>{t('views.name')}</label>
        <Input
          id={`${id}-name`} ref={input} autoFocus value={name} maxLength={100} status={nameError ? 'error' : undefined}
          aria-invalid={nameError ? true : undefined} aria-describedby={nameError ? `${id}-error` : `${id}-hint`}
          onChange={(event) => { setName(event.target.value); setNameError(null); }}
        />
        {nameError && <div id={`${id}-error`} role="alert" style={{ color: token.colorErrorText, marginTop: 4 }}>{nameError}</div>}
        {isStaff && (
          <Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} style={{ marginTop: 12 }}>{t('views.share')}</Checkbox>
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      </form>
    </Modal>
  );
}
