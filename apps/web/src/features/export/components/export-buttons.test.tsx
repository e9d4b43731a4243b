import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Selection } from '@streckenpass/contract/selection';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { configureApiClient, filenameFromDisposition } from '../../../lib/api-client';
import { ExportButtons } from './export-buttons';

function renderButtons(selection: Selection = { routes: [3], tours: [], vehicles: [7], places: ['HU'] }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ExportButtons selection={selection} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

let clicked: HTMLAnchorElement[];
let createObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  configureApiClient({ getToken: () => 'tok', onUnauthorized: () => {} });
  clicked = [];
  createObjectURL = vi.fn(() => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  configureApiClient({ getToken: () => null, onUnauthorized: () => {} });
});

function fileResponse(body: string, type: string, filename: string) {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
  });
}

describe('ExportButtons', () => {
  it('posts the selection and downloads the file under the name the server gives', async () => {
    const fetchMock = vi.fn(async () => fileResponse('%PDF-1.7', 'application/pdf', 'streckenkunde-2026-05-04.pdf'));
    vi.stubGlobal('fetch', fetchMock);
    renderButtons();

    await userEvent.click(screen.getByRole('button', { name: 'Als PDF exportieren' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/export/pdf`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ routes: [3], tours: [], vehicles: [7], places: ['HU'] });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(clicked[0]!.download).toBe('streckenkunde-2026-05-04.pdf');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:export');
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.size).toBe('%PDF-1.7'.length);
    // The helper link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows the running export as busy and blocks the other one until it is done', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderButtons();
    const csv = screen.getByRole('button', { name: 'Als CSV exportieren' });
    const pdf = screen.getByRole('button', { name: 'Als PDF exportieren' });

    await userEvent.click(csv);
    await waitFor(() => expect(csv).toHaveAttribute('data-loading'));
    expect(csv).toBeDisabled();
    expect(pdf).toBeDisabled();

    answer(fileResponse('Strecke;…', 'text/csv; charset=utf-8', 'streckenkunde-2026-05-04.csv'));
    await waitFor(() => expect(clicked.map((link) => link.download)).toEqual(['streckenkunde-2026-05-04.csv']));
    expect(csv).not.toHaveAttribute('data-loading');
    expect(pdf).toBeEnabled();
  });

  it('says in German why an export failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status: 403, title: 'Forbidden', detail: 'Referenz auf einen fremden Eintrag.' }),
            {
              status: 403,
              headers: { 'content-type': 'application/problem+json' },
            },
          ),
      ),
    );
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: 'Als CSV exportieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Export ist fehlgeschlagen. Referenz auf einen fremden Eintrag.',
    );
    expect(clicked).toHaveLength(0);
  });

  it('explains a selection that names deleted records', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 422, title: 'An error occurred', violations: [] }), {
            status: 422,
            headers: { 'content-type': 'application/problem+json' },
          }),
      ),
    );
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: 'Als PDF exportieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Einträge, die es nicht mehr gibt');
  });

  it.each<[Selection, string]>([
    [
      { routes: [], tours: [], vehicles: [], places: [] },
      'Ohne Auswahl enthält der Export alle Strecken und Fahrzeuge.',
    ],
    [{ vehicles: [1] }, 'Der Export enthält alle Strecken und die ausgewählten Fahrzeuge.'],
    [{ tours: [1] }, 'Der Export enthält die ausgewählten Strecken, Touren und Orte.'],
  ])('tells what the file will hold for %j', (selection, text) => {
    renderButtons(selection);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="streckenkunde-2026-05-04.csv"', 'streckenkunde-2026-05-04.csv'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'Stra%C3%9Fe.pdf', 'Straße.pdf'],
    ['inline', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});
