import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

const renderForm = () =>
  renderRoutes([{ path: '/', element: <RegisterForm onBack={() => {}} onSuccess={() => {}} /> }], '/');

async function register(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-Mail-Adresse/), email);
  await user.type(screen.getByLabelText(/Vorname/), 'Erika');
  await user.type(screen.getByLabelText(/Nachname/), 'Muster');
  await user.type(screen.getByLabelText(/^Passwort/, { selector: 'input' }), 'ein-gutes-Passwort-42');
  await user.click(screen.getByRole('button', { name: 'Registrieren' }));
}

describe('register form', () => {
  it('refuses more than 64 characters before the @ with the contract’s German message and sends nothing', async () => {
    const calls = stubFetch(() => undefined);
    renderForm();
    await register(`${'a'.repeat(65)}@example.org`);
    expect(
      await screen.findByText('Der Teil der E-Mail-Adresse vor dem @ darf höchstens 64 Zeichen lang sein.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends an address with exactly 64 characters before the @', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/users/register'
        ? { status: 409, body: { success: false, message: 'Diese E-Mail-Adresse ist bereits registriert.' } }
        : undefined,
    );
    renderForm();
    await register(`${'a'.repeat(64)}@example.org`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/users/register');
  });
});
