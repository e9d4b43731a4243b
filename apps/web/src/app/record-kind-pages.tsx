import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { ComponentProps, ComponentType } from 'react';
import { useNavigate } from 'react-router';
import type { RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import { nounWords, type RecordNoun } from '@streckenpass/contract/terms';
import type { DetailRow } from '../components/detail-table';
import type { MasterDataCard } from '../components/master-data-card';
import { EditRecordActions } from '../components/record-actions';
import type { RecordKindFormProps } from '../components/record-form';
import { paths, recordPagePaths } from '../config/paths';
import { NewRecordPage } from './new-record-page';
import {
  recordRoute,
  type DataRouteModule,
  type PageModule,
  type RecordPageKind,
  type RecordPageLists,
} from './record-route';
import { useDeleteAndLeave } from './use-delete-and-leave';
import { useTitle } from './use-title';

/*
 * The pages of a kind of record, from its noun: the view's and the edit page's titles, their "nicht gefunden" card and
 * the view's "Stammdaten" card (`editableRecord`), and, for a kind whose pages do nothing of their own, the three pages
 * themselves (`recordKindPages`: `app/routes/vehicle.tsx` is the whole of the vehicles' pages).
 */

/** Where the "nicht gefunden" card leads back to. */
export type Back = { backTo: string; backLabel: string };

const documentation: Back = { backTo: paths.documentation, backLabel: 'Zurück zur Dokumentation' };

/** The view's page (titled "Strecke") and the edit page ("Strecke bearbeiten") of a kind of record. */
export function recordPages<T, Key extends QueryKey>(
  noun: Pick<RecordNoun, 'one' | 'gender'>,
  query: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>,
  back: Back = documentation,
): { view: RecordPageKind<T, Key>; edit: RecordPageKind<T, Key> } {
  const words = nounWords(noun);
  const notFound = {
    title: `${noun.one} nicht gefunden`,
    text: `${words.this} gibt es nicht (mehr), oder ${words.pronoun} gehört zu einem anderen Konto.`,
    ...back,
  };
  return { view: { title: noun.one, query, notFound }, edit: { title: `${noun.one} bearbeiten`, query, notFound } };
}

/** A declared kind the driver edits on pages of its own (contract `record-kinds.ts`, `page`). */
export type PagedKind = Pick<RecordKindDeclaration, 'noun'> & { page: `/${string}` };

/** The "Stammdaten" card of a record: its heading, its rows, and its edit button. */
export type MasterData = Pick<ComponentProps<typeof MasterDataCard>, 'title' | 'rows' | 'edit' | 'editLabel'>;

/** A declared kind's view and edit pages titled by its noun, and its "Stammdaten der Strecke" card. */
export function editableRecord<T, Key extends QueryKey>(
  kind: PagedKind,
  query: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>,
) {
  const { noun } = kind;
  const editPath = recordPagePaths(kind).edit;
  const pages = recordPages(noun, query);
  const title = `Stammdaten ${nounWords(noun).ofThe}`;
  return {
    ...pages,
    master: (id: number, rows: DetailRow[]): MasterData => ({
      title,
      rows,
      edit: editPath(id),
      editLabel: pages.edit.title,
    }),
  };
}

/** The calls the pages make, as `ownedRecordApi` (lib/record-api.ts) gives them. */
interface PagesApi<T, Key extends QueryKey, Create, Update> {
  recordQueryOptions: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>;
  useCreate: () => { mutateAsync: (input: Create) => Promise<T> };
  useUpdate: (id: number) => { mutateAsync: (input: Update) => Promise<T> };
  useDelete: () => { mutateAsync: (id: number) => Promise<unknown> };
}

interface KindPagesDeclaration<T, Values, Create, Update> {
  /** The record's page, given the record and its "Stammdaten" card for rows of its own. */
  View: ComponentType<{ record: T; master: (rows: DetailRow[]) => MasterData }>;
  /** The form of the create and the edit page. */
  Form: ComponentType<RecordKindFormProps<T, Values>>;
  /** What the form sends: on the create page (`saved` null) and on the edit page. */
  input: (values: Values, saved: T | null) => Create & Update;
  /** The view's lists and layout, as `recordRoute` takes them. */
  view?: RecordPageLists;
}

/**
 * The three pages of a declared kind with pages of its own, from its noun, its API, its view and its form (issue
 * 39): `export const { view, edit, create } = recordKindPages(RECORD_KINDS.vehicles, vehicleApi, { View, Form, input })`
 * in `app/routes/<page>.tsx`, which the router finds by the kind's `page`.
 *
 * - view (`/vehicle/:id`): `recordRoute` with the kind's "nicht gefunden" card; `View` is painted once with the record.
 * - edit (`/vehicle/edit/:id`): "Fahrzeug bearbeiten", the form with the record, "Fahrzeug speichern" → "Fahrzeug
 *   gespeichert." and back to the view; "Fahrzeug löschen?" asks "Soll das Fahrzeug „…“ wirklich gelöscht werden?",
 *   then "Fahrzeug gelöscht." and the documentation, or a red "Fahrzeug nicht gelöscht" with the server's reason.
 * - create (`/vehicle/new`): "Fahrzeug erstellen", the empty form → "Fahrzeug „…“ erstellt." and its view.
 */
export function recordKindPages<T extends { id: number; name: string }, Key extends QueryKey, Values, Create, Update>(
  kind: PagedKind,
  api: PagesApi<T, Key, Create, Update>,
  { View, Form, input, view: viewOptions = {} }: KindPagesDeclaration<T, Values, Create, Update>,
): { view: DataRouteModule; edit: DataRouteModule; create: PageModule } {
  const { one } = kind.noun;
  const words = nounWords(kind.noun);
  const pagePaths = recordPagePaths(kind);
  const record = editableRecord(kind, api.recordQueryOptions);

  function ViewPage({ record: shown }: { record: T }) {
    return <View record={shown} master={(rows) => record.master(shown.id, rows)} />;
  }

  function EditPage({ record: edited }: { record: T }) {
    const title = record.edit.title;
    useTitle(title);
    const navigate = useNavigate();
    const update = api.useUpdate(edited.id);
    const onDelete = useDeleteAndLeave(api.useDelete(), edited.id, {
      deleted: `${one} gelöscht.`,
      failedTitle: `${one} nicht gelöscht`,
    });

    const save = async (values: Values) => {
      await update.mutateAsync(input(values, edited));
      notifications.show({ color: 'green', message: `${one} gespeichert.` });
      navigate(pagePaths.view(edited.id));
    };

    return (
      <Stack align="center">
        <Form
          heading={title}
          submitLabel={`${one} speichern`}
          record={edited}
          onSubmit={save}
          actions={
            <EditRecordActions back={pagePaths.view(edited.id)} onDelete={onDelete} deleteTitle={`${one} löschen?`}>
              Soll {words.the} „{edited.name}“ wirklich gelöscht werden?
            </EditRecordActions>
          }
        />
      </Stack>
    );
  }

  function CreatePage() {
    const navigate = useNavigate();
    const create = api.useCreate();

    const save = async (values: Values) => {
      const created = await create.mutateAsync(input(values, null));
      notifications.show({ color: 'green', message: `${one} „${created.name}“ erstellt.` });
      navigate(pagePaths.view(created.id));
    };

    return <NewRecordPage title={`${one} erstellen`}>{(form) => <Form {...form} onSubmit={save} />}</NewRecordPage>;
  }

  return {
    view: recordRoute(record.view, ViewPage, viewOptions),
    edit: recordRoute(record.edit, EditPage, { centered: true }),
    create: { Component: CreatePage },
  };
}
