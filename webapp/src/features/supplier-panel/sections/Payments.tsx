/**
 * Pagamentos: the payment options (Presencial '1', Pix '2', decisions.md §6; at least one, save
 * only on a change; none configured = in person), the balance (the sum of the open items: money
 * released, withdrawable), beside it 'A liberar' (paid Pix money held until the delivery is
 * confirmed, with its orders: decisions.md §27), the Pix key, the withdrawal (wasm-core's 2 % fee
 * and net total shown before 'Solicitar Saque?'; then 'Solicitação enviada!' and 'O pagamento
 * pode levar até 2 dias úteis') and the history (Data, Cliente, Valor, Situação).
 */
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import type { Core } from '@/lib/wasm';
import { alterarPix, opcoesPagamento, pegarInfosPagamentos, transferir } from '../api/actions';
import { formatOrderTime } from '@/lib/orders';
import type { InfosPagamentos, ItemPagamento } from '../api/types';
import { PaymentHistory } from './PaymentHistory';
import { errorText, type SectionProps } from './types';

export const SOLICITACAO_ENVIADA = 'Solicitação enviada!';
export const PRAZO_SAQUE = 'O pagamento pode levar até 2 dias úteis';

export const A_LIBERAR_EXPLICACAO = 'Pagamentos Pix de pedidos ainda não entregues. O valor é liberado para saque quando você confirma a entrega.';

/** A list the API may send as an array or as a map by id. */
function itens(v: Record<string, ItemPagamento> | ItemPagamento[] | null | undefined): ItemPagamento[] {
  return v ? (Array.isArray(v) ? v : Object.values(v)) : [];
}

/** The balance in centavos: the sum of the open items' `valor`. */
export function saldoCentavos(core: Core, info: InfosPagamentos): number {
  return itens(info.Abertos).reduce((s, a) => s + core.money_from_reais(a.valor), 0);
}

/** The money held until delivery, in centavos: the API's `aliberar`, or the sum of its orders. */
export function aLiberarCentavos(core: Core, info: InfosPagamentos): number {
  if (info.aliberar != null) return core.money_from_reais(info.aliberar);
  return itens(info.Aliberar).reduce((s, a) => s + core.money_from_reais(a.valor), 0);
}

export default function Payments({ usuario, forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const saved = forn.extensoes?.pagamentos?.opcoes || '1';
  const [presencial, setPresencial] = useState(saved.includes('1'));
  const [pix, setPix] = useState(saved.includes('2'));
  const [optError, setOptError] = useState<string | null>(null);
  const [info, setInfo] = useState<InfosPagamentos | null>(null);
  const [chave, setChave] = useState('');
  const [saque, setSaque] = useState<{ bruto_centavos: number; taxa_centavos: number; liquido_centavos: number } | null>(null);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const [wError, setWError] = useState<string | null>(null);
  const [historico, setHistorico] = useState(false);

  const load = useCallback(async () => {
    const r = await pegarInfosPagamentos(usuario);
    if (r.error !== undefined) {
      console.error('pegar_infos_pagamentos:', r.error);
      setInfo({});
    } else {
      setInfo(r.pagamentos ?? {});
      setChave(r.pagamentos?.pix ?? '');
    }
  }, [usuario]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const changed = presencial !== saved.includes('1') || pix !== saved.includes('2');
  const saldo = core && info ? saldoCentavos(core, info) : null;
  const aLiberar = core && info ? aLiberarCentavos(core, info) : null;
  const retidos = [...itens(info?.Aliberar)].sort((a, b) => (b.horario_pedido ?? 0) - (a.horario_pedido ?? 0));

  async function saveOptions() {
    if (!core || !changed) return;
    let codes: string;
    try {
      codes = core.payment_options_validate(presencial, pix);
    } catch (e) {
      return setOptError(errorText(e));
    }
    status.loading();
    const r = await opcoesPagamento(usuario, codes);
    if (r.error !== undefined) return status.error();
    status.success();
    update({ extensoes: { ...forn.extensoes, pagamentos: { opcoes: codes } } });
  }

  async function savePix() {
    status.loading();
    const r = await alterarPix(usuario, chave.trim());
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setInfo((i) => ({ ...i, pix: chave.trim() }));
  }

  function preview() {
    if (!core || saldo === null) return;
    setSent(false);
    try {
      setSaque(core.withdrawal_request(saldo, info?.pix ?? ''));
      setWError(null);
    } catch (e) {
      setSaque(null);
      setWError(errorText(e));
    }
  }

  async function request() {
    setAsking(false);
    status.loading();
    const r = await transferir(usuario, info?.pix ?? '');
    if (r.error !== undefined) return status.error(r.error);
    status.close();
    setSaque(null);
    setSent(true);
    await load();
  }

  const fmt = (c: number) => (core ? core.money_format(c) : '');
  return (
    <div className="panel-form">
      <h3>Formas de pagamento</h3>
      <label className="switch">
        <input type="checkbox" checked={presencial} onChange={(e) => (setPresencial(e.target.checked), setOptError(null))} /> Presencial
      </label>
      <label className="switch">
        <input type="checkbox" checked={pix} onChange={(e) => (setPix(e.target.checked), setOptError(null))} /> Pix
      </label>
      {optError && <p className="form__error" role="alert">{optError}</p>}
      <button type="button" className="btn" disabled={!changed || !core} onClick={() => void saveOptions()}>
        Salvar formas de pagamento
      </button>

      <div className="balances">
        <section aria-labelledby="saldo-titulo">
          <h3 id="saldo-titulo">Saldo</h3>
          {saldo === null ? <p className="muted" role="status">Carregando...</p> : <p className="balance" data-testid="saldo">{fmt(saldo)}</p>}
          <p className="muted">Disponível para saque.</p>
        </section>
        <section aria-labelledby="a-liberar-titulo">
          <h3 id="a-liberar-titulo">A liberar</h3>
          {aLiberar !== null && (
            <p className="balance balance--held" data-testid="a-liberar">
              {fmt(aLiberar)}
            </p>
          )}
          <p className="muted">{A_LIBERAR_EXPLICACAO}</p>
          {core && retidos.length > 0 && (
            <ul className="held-list" aria-label="Pedidos a liberar">
              {retidos.map((a, i) => (
                <li key={a.idpedido ?? a.id ?? i} className="held-item">
                  <span>{a.horario_pedido != null ? formatOrderTime(a.horario_pedido) : ''}</span>
                  <span>{a.cliente_nome ?? ''}</span>
                  <strong>{fmt(core.money_from_reais(a.valor))}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {info?.Solicitacao && (
        <p className="muted">Saque solicitado: {fmt(core ? core.money_from_reais(info.Solicitacao.valor) : 0)}. {PRAZO_SAQUE}</p>
      )}

      <h3>Chave Pix</h3>
      <label className="field">
        <span className="field__label">Chave Pix</span>
        <input className="input" value={chave} onChange={(e) => setChave(e.target.value)} />
      </label>
      <button type="button" className="btn btn--ghost" disabled={chave.trim() === (info?.pix ?? '') || chave.trim() === ''} onClick={() => void savePix()}>
        Salvar chave Pix
      </button>

      <h3>Saque</h3>
      <button type="button" className="btn" disabled={saldo === null} onClick={preview}>
        Solicitar saque
      </button>
      {wError && <p className="form__error" role="alert">{wError}</p>}
      {saque && (
        <div className="withdrawal" aria-label="Resumo do saque">
          <dl className="order-sums">
            <dt>Saldo</dt><dd>{fmt(saque.bruto_centavos)}</dd>
            <dt>Taxa (2%)</dt><dd data-testid="taxa">{fmt(saque.taxa_centavos)}</dd>
            <dt>Total a receber</dt><dd data-testid="liquido"><strong>{fmt(saque.liquido_centavos)}</strong></dd>
          </dl>
          <button type="button" className="btn" onClick={() => setAsking(true)}>Confirmar saque</button>
        </div>
      )}
      {sent && (
        <div className="form__ok" role="status">
          <p>{SOLICITACAO_ENVIADA}</p>
          <p>{PRAZO_SAQUE}</p>
        </div>
      )}
      {asking && <ConfirmDialog message="Solicitar Saque?" onCancel={() => setAsking(false)} onConfirm={() => void request()} />}

      <button type="button" className="btn btn--ghost" onClick={() => setHistorico(true)}>
        Histórico de pagamentos
      </button>
      {historico && core && <PaymentHistory core={core} usuario={usuario} onClose={() => setHistorico(false)} />}
    </div>
  );
}
