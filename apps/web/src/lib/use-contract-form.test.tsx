import { createVehicleSchema } from '@streckenpass/contract/vehicles';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorForStatus, NetworkError } from './api-errors';
import { useContractForm } from './use-contract-form';

const nameSchema = createVehicleSchema.pick({ name: true });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A save the test ends by hand. */
function deferredSave() {
  const calls: unknown[] = [];
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  const mutationFn = vi.fn(
    (variables: unknown) =>
      new Promise((resolve, reject) => {
        calls.push(variables);
        settle = { resolve, reject };
      }),
  );
  return {
    calls,
    mutationFn,
    resolve: (value: unknown) => settle?.resolve(value),
    reject: (error: unknown) => settle?.reject(error),
  };
}

const unprocessable = (violations: { propertyPath: string; message: string }[]) =>
  errorForStatus(422, 'Unprocessable Entity', { title: 'An error occurred', status: 422, violations });

function useVehicleNameForm(save: ReturnType<typeof deferredSave>, options: { errorMessage?: () => string } = {}) {
  const mutation = useMutation({ mutationFn: save.mutationFn });
  return useContractForm(nameSchema, mutation, { initialValues: { name: '' }, ...options });
}

describe('useContractForm', () => {
  it('checks the values with the contract’s schema and its German messages, and sends nothing then', () => {
    const save = deferredSave();
    const { result } = renderHook(() => useVehicleNameForm(save), { wrapper });
    act(() => result.current.onSubmit());
    expect(result.current.form.errors).toEqual({ name: 'Der Name des Fahrzeugs darf nicht leer sein.' });
    expect(result.current.formError).toBeNull();
    expect(save.mutationFn).not.toHaveBeenCalled();
  });

  it('shows a rule of the whole form (an issue without a path) as the form’s message', () => {
    const schema = z
      .object({ from: z.string(), to: z.string() })
      .refine((values) => values.from !== values.to, 'Start und Ende müssen verschieden sein.');
    const { result } = renderHook(
      () => {
        const mutation = useMutation({ mutationFn: async (_values: { from: string; to: string }) => 'ok' });
        return useContractForm(schema, mutation, { initialValues: { from: 'HU', to: 'HU' } });
      },
      { wrapper },
    );
    act(() => result.current.onSubmit());
    expect(result.current.formError).toBe('Start und Ende müssen verschieden sein.');
    act(() => result.current.clearFormError());
    expect(result.current.formError).toBeNull();
  });

  it('is pending while the mutation runs, then calls onSuccess with the result and the saved values', async () => {
    const save = deferredSave();
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => {
        const mutation = useMutation({ mutationFn: save.mutationFn });
        return useContractForm(nameSchema, mutation, { initialValues: { name: '' }, onSuccess });
      },
      { wrapper },
    );
    act(() => result.current.form.setFieldValue('name', 'BR 146'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(save.calls).toEqual([{ name: 'BR 146' }]);
    save.resolve({ id: 4 });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(onSuccess).toHaveBeenCalledWith({ id: 4 }, { name: 'BR 146' }, expect.anything());
    expect(result.current.formError).toBeNull();
  });

  it('puts 422 violations onto the fields they name and asks to check them', async () => {
    const save = deferredSave();
    const { result } = renderHook(() => useVehicleNameForm(save), { wrapper });
    act(() => result.current.form.setFieldValue('name', 'BR 146'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalled());
    save.reject(unprocessable([{ propertyPath: 'name', message: 'Dieses Fahrzeug gibt es schon.' }]));
    await waitFor(() => expect(result.current.formError).toBe('Bitte prüfen Sie die markierten Eingaben.'));
    expect(result.current.form.errors.name).toBe('Dieses Fahrzeug gibt es schon.');
    // The input stays.
    expect(result.current.form.getValues()).toEqual({ name: 'BR 146' });
  });

  it('shows violations without a field of the form as the form’s message', async () => {
    const save = deferredSave();
    const { result } = renderHook(() => useVehicleNameForm(save), { wrapper });
    act(() => result.current.form.setFieldValue('name', 'BR 146'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalled());
    save.reject(unprocessable([{ propertyPath: 'validityDays', message: 'Die Gültigkeit ist zu lang.' }]));
    await waitFor(() => expect(result.current.formError).toBe('Die Gültigkeit ist zu lang.'));
    expect(result.current.form.errors.name).toBeUndefined();
  });

  it('turns any other failure into one German sentence, and clears it on the next submit', async () => {
    const save = deferredSave();
    const { result } = renderHook(() => useVehicleNameForm(save), { wrapper });
    act(() => result.current.form.setFieldValue('name', 'BR 146'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalledTimes(1));
    save.reject(errorForStatus(500, 'Internal Server Error', { title: 'Internal Server Error', status: 500 }));
    await waitFor(() =>
      expect(result.current.formError).toBe('Speichern fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    );

    act(() => result.current.onSubmit());
    expect(result.current.formError).toBeNull();
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalledTimes(2));
    save.reject(new NetworkError('Failed to fetch', 0, '', null));
    await waitFor(() =>
      expect(result.current.formError).toBe('Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.'),
    );
  });

  it('lets a form word its failures itself', async () => {
    const save = deferredSave();
    const { result } = renderHook(
      () => useVehicleNameForm(save, { errorMessage: () => 'Das Fahrzeug konnte nicht gespeichert werden.' }),
      { wrapper },
    );
    act(() => result.current.form.setFieldValue('name', 'BR 146'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalled());
    save.reject(errorForStatus(400, 'Bad Request', { success: false }));
    await waitFor(() => expect(result.current.formError).toBe('Das Fahrzeug konnte nicht gespeichert werden.'));
  });

  it('checks and sends values kept outside the form, and maps their violations', async () => {
    const save = deferredSave();
    const schema = z.object({
      name: z.string().min(1, 'Bitte einen Namen angeben.'),
      routes: z.array(z.string()).min(2, 'Mindestens zwei Strecken.'),
    });
    const { result, rerender } = renderHook(
      ({ routes }: { routes: string[] }) => {
        const mutation = useMutation({ mutationFn: save.mutationFn });
        return useContractForm(schema, mutation, {
          initialValues: { name: 'Runde' },
          outside: { routes },
          toVariables: (values) => ({ input: values }),
        });
      },
      { wrapper, initialProps: { routes: ['/api/routes/1'] } },
    );
    act(() => result.current.onSubmit());
    expect(result.current.form.errors).toEqual({ routes: 'Mindestens zwei Strecken.' });

    rerender({ routes: ['/api/routes/1', '/api/routes/2'] });
    act(() => result.current.onSubmit());
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalled());
    expect(save.calls).toEqual([{ input: { name: 'Runde', routes: ['/api/routes/1', '/api/routes/2'] } }]);
    save.reject(unprocessable([{ propertyPath: 'routes', message: 'Eine Strecke gibt es nicht mehr.' }]));
    await waitFor(() => expect(result.current.form.errors.routes).toBe('Eine Strecke gibt es nicht mehr.'));
  });

  it('saves without checking again for a form that confirms first, and reports when settled', async () => {
    const save = deferredSave();
    const onSettled = vi.fn();
    const { result } = renderHook(() => useVehicleNameForm(save), { wrapper });
    act(() => result.current.save({ name: 'BR 218' }, { onSettled }));
    await waitFor(() => expect(save.mutationFn).toHaveBeenCalled());
    save.reject(errorForStatus(404, 'Not Found', { title: 'Not Found', status: 404 }));
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    expect(result.current.formError).toBe('Der Eintrag wurde nicht gefunden.');
  });
});
