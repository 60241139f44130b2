/**
 * Tests only: a supplier session, its panel data, a fake `EventSource` (the edge: jsdom has none)
 * that a test can fire, and a renderer of the panel route.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { UserInfo } from '@/lib/session';
import { storeSession, USER } from '@/test/fixtures';
import type { DadosPainel, InfosPagamentos, ItemPagamento, Pedido } from './api/actions';
import SupplierPanelPage from './components/SupplierPanelPage';

export const SUPPLIER: UserInfo = { ...USER, type: 1 };

/** The panel's data as `loading_forn_site` answers it for a new store: no delivery, no online store yet. */
export const FORN: DadosPainel = {
  usuario: SUPPLIER.usuario,
  nomeforn: 'Sítio Boa Vista',
  cpf: '123.456.789-09',
  email: SUPPLIER.email,
  telefone: '(19) 99876-5432',
  instagram: null,
  descricaoforn: null,
  iconeforn: null,
  fundoforn: null,
  url: null,
  paleta: 1,
  oculto: false,
  invisivel: false,
  compras: false,
  local: 1,
  cidades: ['ALL'],
  vendasforn: 0,
  rua: null,
  numero: null,
  cidade: null,
  anos: [2025, 2026],
  pendentes: 0,
  produtos: [],
  saldo: 0,
  // Complete, so the sections' tests see no checklist (SetupChecklist.test.tsx has its own).
  checklist: { url: true, pagamentos: true, entrega: true, produto: true, completo: true },
  motivo_invisivel: null,
  extensoes: {
    pagamentos: { opcoes: '1', pix: null },
    cupons: { BEMVINDO10: { codigo: 'BEMVINDO10', tipo: '%', valor: 10, validade_inicio: null, validade_fim: null, limite_usos: null, um_por_cliente: false, pedido_minimo: null, usos: 0, todas_entregas: false } },
    categorias: {},
    delivery: {
      entrega: '',
      taxaTipo: null,
      taxaentrega: null,
      taxaPorKm: null,
      latitude: null,
      longitude: null,
      pedidominimoentrega: null,
      pedidominimoretirada: null,
      descricaoentrega: null,
      descricaoretirada: null,
      enderecoRua: null,
      enderecoNumero: null,
      enderecoCidade: null,
      enderecoCep: null,
      enderecoBairro: null,
      distanciamaxima: null,
      dias: { janelas: [], corte_horas: null, corte_dias: null, corte_hora: null },
    },
    site: { url: null, paleta: 1, modelo: null },
  },
};

/** `pegar_infos_pagamentos`'s `pagamentos` with nothing owed, changed by `over`. */
export function pagamentos(over: Partial<InfosPagamentos> = {}): InfosPagamentos {
  return { pix: null, opcoes: '1', saldo: 0, taxa: 0, liquido: 0, Abertos: [], aliberar: 0, Aliberar: [], Solicitacao: null, ...over };
}

/** A paid order's value owed to the supplier (`Abertos[]`, `Aliberar[]`). */
export function valorAberto(valor: number, over: Partial<ItemPagamento> = {}): ItemPagamento {
  return { id: `v-${valor}`, idpedido: `o-${valor}`, cliente_nome: 'Ana', valor, horario_pedido: Date.UTC(2026, 10, 10, 15), ...over };
}

export function pedido(id: string, over: Partial<Pedido['Infos']> = {}): Pedido {
  return {
    id,
    idpedido: id,
    Infos: {
      txid: null,
      userforn: SUPPLIER.usuario,
      nomeforn: FORN.nomeforn,
      horario_pedido: Date.UTC(2026, 10, 21, 12, 0),
      cliente_user: 'u9',
      cliente_nome: 'João Comprador',
      cliente_telefone: '(19) 98123-4567',
      status_pix: null,
      situacao: '1',
      tipo_entrega: 'Entrega',
      pagamento: '1',
      preco_produtos: 20,
      taxa_entrega: 5,
      total_pago: 25,
      cupom: null,
      rua: 'Rua A',
      numero: '10',
      cidade: 'Piracicaba, SP',
      complemento: null,
      telefoneforn: '(19) 99876-5432',
      desconto: 0,
      qrcode: null,
      imagem_qrcode: null,
      reembolsado: false,
      devolucao: null,
      pix_expira_em: null,
      // A delivered order is a received one unless a test says otherwise (decisions.md §37).
      entregue_em: over.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebido_em: over.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebimento: over.situacao === '2' ? 'comprador' : null,
      pix_devolvido: null,
      ...over,
    },
    Produtos: [{ titulo: 'alface', icone: null, opcao: 'Maço', quantidade: 2, preco: 10, pago: 20, telefone: '(19) 99876-5432' }],
  };
}

export class FakeEventSource {
  static last: FakeEventSource | null = null;
  static all: FakeEventSource[] = [];
  url: string;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  /** The connection drops (as the browser reports it). */
  fail() {
    this.onerror?.();
  }
  fire(name: string, data: unknown) {
    const e = new MessageEvent(name, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(name) ?? []) fn(e);
  }
}

/** The panel at /painel/{usuario}{search} (`search`: e.g. the notices' `?pedido={id}`). */
export function renderPanel(usuario = SUPPLIER.usuario, session = SUPPLIER, search = '') {
  storeSession({ token: 'tok-1', userinfo: session });
  vi.stubGlobal('EventSource', FakeEventSource);
  return render(
    <MemoryRouter initialEntries={[`/painel/${usuario}${search}`]}>
      <Routes>
        <Route path="/painel/:userforn" element={<SupplierPanelPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
