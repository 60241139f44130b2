/**
 * The address wizard and the profile's Endereço section, with the RPC mocked and the real
 * wasm-core: at most 3 city suggestions, wasm-core's validation messages, the phone mask, the
 * geocode step, the save updating the stored userinfo, the status dialog's error, and 'Salvar
 * Alterações' enabled only when something changed.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusDialogProvider } from '@/components/status-dialog';
import { resetPlacesForTests } from '@/lib/places';
import { getSession, type UserInfo } from '@/lib/session';
import { mockApi, storeSession, USER } from '@/test/fixtures';
import { BUYER } from '@/test/shop';
import { AddressSection } from './AddressSection';
import { AddressWizard } from './AddressWizard';

vi.mock('@/lib/wasm', async () => {
  const { loadRealCore } = await import('@/test/realCore');
  return { loadCore: loadRealCore };
});

const CITIES = ['Piracicaba, SP', 'Pirassununga, SP', 'Piracaia, SP', 'Piraí, RJ', 'Rio Claro, SP'];

/** The RPC mock, plus /municipios.txt. */
function api(answers: Parameters<typeof mockApi>[0]) {
  const m = mockApi(answers);
  const inner = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (url, init) => (String(url) === '/municipios.txt' ? new Response(CITIES.join('\n')) : inner(url, init)));
  return m;
}

const NO_ADDRESS: UserInfo = { ...USER, telefone: null };

beforeEach(() => {
  resetPlacesForTests();
});

describe('address wizard', () => {
  it('city (≤ 3 suggestions) → street and number → complement and phone → geocode → save', async () => {
    storeSession({ token: 't', userinfo: NO_ADDRESS });
    const saved = { ...NO_ADDRESS, rua: 'Rua do Rosário', numero: '45', cidade: 'Piracicaba, SP', complemento: null, telefone: '(19) 99230-1478', latitude: -22.72, longitude: -47.64 };
    const { calls } = api({
      gerar_coordenadas: { body: { latitude: -22.72, longitude: -47.64, aproximado: false, aviso: null } },
      alterar_endereco: { body: { ok: true, userinfo: saved, aviso: null } },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <AddressWizard user={NO_ADDRESS} onDone={onDone} />
      </StatusDialogProvider>,
    );
    const city = await screen.findByRole('combobox');
    await user.type(city, 'pira');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('option', { name: 'Piracicaba, SP' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(screen.getByRole('heading', { name: 'Rua, número e bairro' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Preencha todos os campos!');
    await user.type(screen.getByLabelText('Rua'), 'Rua do Rosário');
    await user.type(screen.getByLabelText('Número'), '45A');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Insira um número válido');
    await user.clear(screen.getByLabelText('Número'));
    await user.type(screen.getByLabelText('Número'), '45');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(screen.getByRole('heading', { name: 'Complemento e telefone' })).toBeTruthy();
    const phone = screen.getByLabelText('Telefone') as HTMLInputElement;
    await user.type(phone, '1999230');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Insira um telefone válido!');
    await user.type(phone, '1478');
    expect(phone.value).toBe('(19) 99230-1478');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(screen.getByRole('heading', { name: 'Confirmar endereço' })).toBeTruthy();
    expect(await screen.findByText('Endereço localizado!')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'gerar_coordenadas')?.body).toMatchObject({ rua: 'Rua do Rosário', numero: '45', cidade: 'Piracicaba, SP' });
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // The user is the session's and the coordinates the server's own: neither is sent.
    expect(calls.find((c) => c.codigo === 'alterar_endereco')?.body).toEqual({
      codigo: 'alterar_endereco',
      rua: 'Rua do Rosário',
      numero: '45',
      cidade: 'Piracicaba, SP',
      telefone: '(19) 99230-1478',
      complemento: null,
      cep: null,
      bairro: null,
    });
    expect(getSession()?.userinfo).toMatchObject({ rua: 'Rua do Rosário', latitude: -22.72 });
    expect(onDone.mock.calls[0][0]).toMatchObject({ rua: 'Rua do Rosário' });
  });

  it('a CEP fills street, bairro and city; the city centre is said when it is the point', async () => {
    storeSession({ token: 't', userinfo: NO_ADDRESS });
    const { calls } = api({
      consultar_cep: (body) =>
        body.cep === '13400-390'
          ? { body: { cep: '13400-390', rua: 'Rua Moraes Barros', bairro: 'Centro', cidade: 'Piracicaba, SP' } }
          : { status: 404, body: { error: 'CEP não encontrado.' } },
      gerar_coordenadas: {
        body: { latitude: -22.72, longitude: -47.64, aproximado: true, aviso: 'Usamos o centro de Piracicaba para calcular a distância' },
      },
      alterar_endereco: { body: { ok: true, userinfo: { ...NO_ADDRESS, cep: '13400-390' }, aviso: null } },
    });
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <AddressWizard user={NO_ADDRESS} onDone={vi.fn()} />
      </StatusDialogProvider>,
    );
    const cep = (await screen.findByLabelText('CEP')) as HTMLInputElement;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy());
    await user.type(cep, '99999999');
    expect(cep.value).toBe('99999-999');
    expect(await screen.findByText('CEP não encontrado.')).toBeTruthy();
    await user.clear(cep);
    await user.type(cep, '13400390');
    await waitFor(() => expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Piracicaba, SP'));
    expect(calls.filter((c) => c.codigo === 'consultar_cep').map((c) => c.body.cep)).toEqual(['99999-999', '13400-390']);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Rua Moraes Barros');
    expect((screen.getByLabelText('Bairro') as HTMLInputElement).value).toBe('Centro');
    await user.type(screen.getByLabelText('Número'), '120');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.type(screen.getByLabelText('Telefone'), '19992301478');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Usamos o centro de Piracicaba para calcular a distância')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'gerar_coordenadas')?.body).toMatchObject({ cep: '13400-390', bairro: 'Centro' });
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    await waitFor(() => expect(calls.some((c) => c.codigo === 'alterar_endereco')).toBe(true));
    expect(calls.find((c) => c.codigo === 'alterar_endereco')?.body).toMatchObject({ cep: '13400-390', bairro: 'Centro', rua: 'Rua Moraes Barros' });
  });

  it('a CEP of another street clears the number and complement typed for the old one; one of the same street keeps them', async () => {
    storeSession({ token: 't', userinfo: BUYER });
    api({
      consultar_cep: (body) =>
        body.cep === '13400-390'
          ? { body: { cep: '13400-390', rua: 'Rua Moraes Barros', bairro: 'Centro', cidade: 'Piracicaba, SP' } }
          : { body: { cep: String(body.cep), rua: 'Avenida  Independencia', bairro: 'Alto', cidade: 'Piracicaba, SP' } },
    });
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <AddressWizard user={BUYER} onDone={vi.fn()} />
      </StatusDialogProvider>,
    );
    const cep = (await screen.findByLabelText('CEP')) as HTMLInputElement;
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    // The same street (written without its accent): the house stays.
    await user.type(cep, '13416000');
    await waitFor(() => expect(cep.value).toBe('13416-000'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect((screen.getByLabelText('Bairro') as HTMLInputElement).value).toBe('Alto'));
    expect((screen.getByLabelText('Número') as HTMLInputElement).value).toBe('2350');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    // Another street: its number and complement are not the old house's.
    const cep2 = screen.getByLabelText('CEP') as HTMLInputElement;
    await user.clear(cep2);
    await user.type(cep2, '13400390');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Rua Moraes Barros'));
    expect((screen.getByLabelText('Número') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Número'), '120');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((screen.getByLabelText('Complemento (opcional)') as HTMLInputElement).value).toBe('');
  });

  it("the geocoder's error: the status dialog's error and the reason; a failed save: the status dialog's error", async () => {
    storeSession({ token: 't', userinfo: BUYER });
    let geocodes = 0;
    api({
      gerar_coordenadas: () =>
        geocodes++ === 0 ? { status: 400, body: { error: 'Não foi possível gerar as coordenadas para o novo endereço.' } } : { body: { latitude: 1, longitude: 1, aproximado: false, aviso: null } },
      alterar_endereco: { status: 500, body: { error: 'x' } },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <AddressWizard user={BUYER} onDone={onDone} />
      </StatusDialogProvider>,
    );
    // Everything prefilled from the stored user.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Não foi possível gerar as coordenadas para o novo endereço.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar endereço' }) as HTMLButtonElement).disabled).toBe(true);
    // The address flow's failure: the status dialog's error.
    const failed = await screen.findByRole('dialog', { name: 'Algum erro ocorreu!' });
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Endereço localizado!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByText('Algum erro ocorreu!')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe("profile's Endereço section", () => {
  it("'Salvar Alterações' only when something changed; wasm-core's messages; saves", async () => {
    storeSession({ token: 't', userinfo: BUYER });
    const { calls } = api({ alterar_endereco: { body: { ok: true, userinfo: { ...BUYER, numero: '2400' }, aviso: null } } });
    const user = userEvent.setup();
    render(
      <StatusDialogProvider>
        <AddressSection user={BUYER} />
      </StatusDialogProvider>,
    );
    const save = screen.getByRole('button', { name: 'Salvar Alterações' }) as HTMLButtonElement;
    const numero = screen.getByLabelText('Número') as HTMLInputElement;
    expect(numero.value).toBe('2350');
    // The stored phone '(19)99230-1478' shows masked, and that is no change.
    await waitFor(() => expect((screen.getByLabelText('Telefone') as HTMLInputElement).value).toBe('(19) 99230-1478'));
    expect(save.disabled).toBe(true);
    await user.clear(numero);
    await user.type(numero, 'x');
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(screen.getByRole('alert').textContent).toBe('Insira um número válido');
    await user.clear(numero);
    await user.type(numero, '2350');
    expect(save.disabled).toBe(true);
    await user.clear(numero);
    await user.type(numero, '2400');
    await user.click(save);
    expect(await screen.findByText('Suas alterações foram salvas com sucesso')).toBeTruthy();
    expect(calls.find((c) => c.codigo === 'alterar_endereco')?.body).toMatchObject({ numero: '2400', complemento: 'Apto 42', cidade: 'Piracicaba, SP' });
    expect(getSession()?.userinfo.numero).toBe('2400');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(save.disabled).toBe(true);
  });
});
