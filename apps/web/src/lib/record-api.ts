import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { HistoryEntry } from '@streckenpass/contract/history';
import { api } from './api-client';
import type { RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import { keysOfKind, type RecordKindKeys } from './query-keys';
import { forgetDeletedRecord, useInvalidateRecords } from './use-invalidate-records';

/** A kind of owned record as the server's `crudRoutes` declares it, as far as the client needs to know. */
export interface RecordKind {
  /** The collection, e.g. `/api/routes`; one record lives at `${path}/${id}`. */
  path: string;
  /** Its entry in `queryKeys`. */
  keys: RecordKindKeys;
}

export interface CreateOptions {
  /** Same key + same user within 24 h = the first answer again, nothing created twice (retry after a lost answer). */
  idempotencyKey?: string;
}

/** A number that can name a record; anything else is never asked for (the page says "nicht gefunden"). */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** The `:id` of a path as a record id, or null when it cannot be one (`007`, `abc`, `1e3` name no record). */
export function parseRecordId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return isRecordId(id) ? id : null;
}

/**
 * The client side of one kind of owned record, mirroring the server's `crudRoutes`
 * (apps/server/src/http/crud-routes.ts): the five calls and the read of a record's history, the list's, one record's
 * and its history's `queryOptions`, their hooks, and what a save does to the cache. The type parameters are the contract's schemas of the record, the create body and
 * the merge-patch body (`typeof routeSchema`, …); they only type the calls – the answers are not parsed again here,
 * so zod stays out of the pages' chunks.
 *
 * After a create or an edit the record's own cache entry holds the server's answer and every record list refetches
 * (a route belongs to tours and activities); after a delete the record's entry is forgotten, not fetched again.
 */
export function createRecordApi<
  ItemSchema extends z.ZodType<{ id: number }>,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
>({ path, keys }: RecordKind) {
  type Item = z.output<ItemSchema>;
  type CreateInput = z.input<CreateSchema>;
  type UpdateInput = z.input<UpdateSchema>;

  const recordPath = (id: number) => `${path}/${id}`;

  const getList = (): Promise<Item[]> => api.get<Item[]>(path);
  const getRecord = (id: number): Promise<Item> => api.get<Item>(recordPath(id));
  const create = (input: CreateInput, options: CreateOptions = {}): Promise<Item> =>
    api.post<Item>(
      path,
      input,
      options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : undefined,
    );
  const update = (id: number, input: UpdateInput): Promise<Item> => api.patch<Item>(recordPath(id), input);
  const remove = (id: number): Promise<void> => api.delete(recordPath(id));
  /** The record's history, newest first (read only: the server has no call that changes it). */
  const getHistory = (id: number): Promise<HistoryEntry[]> => api.get<HistoryEntry[]>(`${recordPath(id)}/history`);

  const listQueryOptions = () => queryOptions({ queryKey: keys.list(), queryFn: getList });
  const recordQueryOptions = (id: number) => queryOptions({ queryKey: keys.detail(id), queryFn: () => getRecord(id) });
  const historyQueryOptions = (id: number) =>
    queryOptions({ queryKey: keys.history(id), queryFn: () => getHistory(id) });

  function useList() {
    return useQuery(listQueryOptions());
  }

  function useRecord(id: number) {
    return useQuery({ ...recordQueryOptions(id), enabled: isRecordId(id) });
  }

  function useHistory(id: number) {
    return useQuery({ ...historyQueryOptions(id), enabled: isRecordId(id) });
  }

  /** After a create or an edit: the record's entry holds the answer, and every list and detail on screen refetches. */
  function useSaved() {
    const queryClient = useQueryClient();
    const invalidate = useInvalidateRecords();
    return useCallback(
      async (saved: Item) => {
        queryClient.setQueryData(keys.detail(saved.id), saved);
        await invalidate();
      },
      [queryClient, invalidate],
    );
  }

  function useCreate() {
    const onSuccess = useSaved();
    return useMutation({ mutationFn: (input: CreateInput) => create(input), onSuccess });
  }

  /** The same with an Idempotency-Key per call: `mutate({ input, idempotencyKey })`. */
  function useCreateWithKey() {
    const onSuccess = useSaved();
    return useMutation({
      mutationFn: ({ input, idempotencyKey }: { input: CreateInput; idempotencyKey?: string }) =>
        create(input, { idempotencyKey }),
      onSuccess,
    });
  }

  function useUpdate(id: number) {
    const onSuccess = useSaved();
    return useMutation({ mutationFn: (input: UpdateInput) => update(id, input), onSuccess });
  }

  /** `onError` is the kind's own reaction to a refused delete (the page's is its `mutateAsync` catch). */
  function useDelete({ onError }: { onError?: (error: Error, id: number) => unknown } = {}) {
    const queryClient = useQueryClient();
    const invalidate = useInvalidateRecords();
    return useMutation({
      mutationFn: (id: number) => remove(id),
      onSuccess: async (_data: void, id: number) => {
        forgetDeletedRecord(queryClient, keys.detail(id));
        await invalidate(keys.detail(id));
      },
      onError,
    });
  }

  return {
    keys,
    getList,
    getRecord,
    create,
    update,
    remove,
    getHistory,
    listQueryOptions,
    recordQueryOptions,
    historyQueryOptions,
    useList,
    useRecord,
    useHistory,
    useCreate,
    useCreateWithKey,
    useUpdate,
    useDelete,
  };
}

/** The contract module's schema `Key` (`depotSchema`, `createDepotSchema`, `updateDepotSchema`). */
type SchemaOf<Contract, Key extends string, Shape = unknown> = Key extends keyof Contract
  ? Contract[Key] extends infer Schema extends z.ZodType<Shape>
    ? Schema
    : never
  : never;

/**
 * `createRecordApi` for a declared kind (contract `record-kinds.ts`), at `/api/${kind.name}` with its query keys; the
 * schemas are the contract module's, named as it names them (a type only: `import type * as contract from
 * '@streckenpass/contract/depots'`): `ownedRecordApi<typeof contract, 'depot'>(RECORD_KINDS.depots)`.
 */
export function ownedRecordApi<
  Contract extends Record<`${Name}Schema` | `${'create' | 'update'}${Capitalize<Name>}Schema`, z.ZodType>,
  Name extends string,
>(kind: Pick<RecordKindDeclaration, 'name'>) {
  return createRecordApi<
    SchemaOf<Contract, `${Name}Schema`, { id: number }>,
    SchemaOf<Contract, `create${Capitalize<Name>}Schema`>,
    SchemaOf<Contract, `update${Capitalize<Name>}Schema`>
  >({ path: `/api/${kind.name}`, keys: keysOfKind(kind) });
}
