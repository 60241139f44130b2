/**
 * The region dialog: loads the places only when opened, suggests up to 6 cities, and 'Continuar'
 * saves the picked one.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlacesForTests } from '@/lib/places';
import { REGION_KEY } from '@/lib/region';
import { RegionButton } from './RegionButton';
import { RegionProvider } from './RegionProvider';

const core = vi.hoisted(() => {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  let list: string[] = [];
  return {
    places_load: vi.fn((t: string) => (list = t.split('\n').filter(Boolean)).length),
    places_search: vi.fn((q: string, n: number) => list.filter((c) => fold(c).includes(fold(q))).slice(0, n)),
    states_search: vi.fn(() => []),
  };
});
const loadCore = vi.hoisted(() => vi.fn());
vi.mock('@/lib/wasm', () => ({ loadCore }));

const CITIES = ['São Paulo, SP', 'São Carlos, SP', 'São José, SC', 'São Luís, MA', 'São Roque, SP', 'São Vicente, SP', 'São Sebastião, SP', 'Piracicaba, SP'];

beforeEach(() => {
  resetPlacesForTests();
  loadCore.mockReset().mockResolvedValue(core);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(CITIES.join('\n'))));
});

describe('region dialog', () => {
  it('shows the current region and loads nothing until opened', () => {
    render(
      <RegionProvider>
        <RegionButton />
      </RegionProvider>,
    );
    expect(screen.getByRole('button', { name: 'Piracicaba, SP' })).toBeTruthy();
    expect(loadCore).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('searches accent-insensitively, suggests at most 6, and saves the picked city', async () => {
    const user = userEvent.setup();
    render(
      <RegionProvider>
        <RegionButton />
      </RegionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Piracicaba, SP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecione uma cidade' });
    await waitFor(() => expect(core.places_load).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith('/municipios.txt');
    expect(loadCore).toHaveBeenCalledTimes(1);

    const continuar = within(dialog).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(continuar.disabled).toBe(true);

    await user.type(within(dialog).getByPlaceholderText('Digite o nome da cidade'), 'sao');
    const options = within(dialog).getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(core.places_search).toHaveBeenLastCalledWith('sao', 6);

    await user.click(within(dialog).getByRole('option', { name: 'São Carlos, SP' }));
    expect(continuar.disabled).toBe(false);
    await user.click(continuar);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'São Carlos, SP' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(REGION_KEY)!)).toEqual({ regiao: 'São Carlos, SP' });
  });

  it('closes without saving', async () => {
    const user = userEvent.setup();
    render(
      <RegionProvider>
        <RegionButton />
      </RegionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Piracicaba, SP' }));
    await screen.findByRole('dialog', { name: 'Selecione uma cidade' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(REGION_KEY)).toBeNull();
  });
});
