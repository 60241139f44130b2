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
import type { InfosPagamentos, ItemPagamento } from '../api/actions';
import { PaymentHistory } from './PaymentHistory';
import { SalesReport } from './SalesReport';
import { errorText, type SectionProps } from './types';

export const SOLICITACAO_ENVIADA = 'Solicitação enviada!';
export const PRAZO_SAQUE = 'O pagamento pode levar até 2 dias úteis';

/** wasm-core's withdrawal figures, in centavos. */
interface ValoresSaque {
  bruto_centavos: number;
  taxa_centavos: number;
  liquido_centavos: number;
}

/** The withdrawal's steps: nothing yet, refused by a rule, its figures shown, being confirmed, sent. */
type Saque =
  | { fase: 'nenhum' }
  | { fase: 'erro'; erro: string }
  | { fase: 'resumo'; valores: ValoresSaque }
  | { fase: 'confirmando'; valores: ValoresSaque }
  | { fase: 'enviado' };

export const A_LIBERAR_EXPLICACAO = 'Pagamentos Pix de pedidos ainda não entregues. O valor é liberado para saque quando você confirma a entrega.';

/**
 * A view model: Pagamentos' figures as shown — the answer of `pegar_infos_pagamentos`, or nothing
 * of it when it failed (the balance is then zero), with the Pix key as last saved.
 */
type Figuras = Partial<InfosPagamentos>;

const itens = (v: ItemPagamento[] | undefined): ItemPagamento[] => v ?? [];

/** The balance in centavos: the sum of the open items' `valor`. */
export function saldoCentavos(core: Core, info: Figuras): number {
  return itens(info.Abertos).reduce((s, a) => s + core.money_from_reais(a.valor), 0);
}

/** The money held until delivery, in centavos: the API's `aliberar`, or the sum of its orders. */
export function aLiberarCentavos(core: Core, info: Figuras): number {
  if (info.aliberar != null) return core.money_from_reais(info.aliberar);
  return itens(info.Aliberar).reduce((s, a) => s + core.money_from_reais(a.valor), 0);
}

export default function Payments({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const saved = forn.extensoes?.pagamentos?.opcoes || '1';
  const [optionList, setOptionList] = useState<{ presencial: boolean; pix: boolean; erro: string | null }>({
    presencial: saved.includes('1'),
    pix: saved.includes('2'),
    erro: null,
  });
  const { presencial, pix } = optionList;
  const [info, setInfo] = useState<Figuras | null>(null);
  const [pixKey, setPixKey] = useState('');
  const [saque, setSaque] = useState<Saque>({ fase: 'nenhum' });
  const [historico, setHistorico] = useState(false);

  const load = useCallback(async () => {
    const r = await pegarInfosPagamentos();
    if (r.error !== undefined) {
      console.error('pegar_infos_pagamentos:', r.error);
      setInfo({});
    } else {
      setInfo(r.pagamentos);
      setPixKey(r.pagamentos.pix ?? '');
    }
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  // A new store confirms its options once (the new store's checklist), even unchanged.
  const changed = presencial !== saved.includes('1') || pix !== saved.includes('2') || forn.checklist?.pagamentos === false;
  const saldo = core && info ? saldoCentavos(core, info) : null;
  const aLiberar = core && info ? aLiberarCentavos(core, info) : null;
  const retidos = [...itens(info?.Aliberar)].sort((a, b) => (b.horario_pedido ?? 0) - (a.horario_pedido ?? 0));

  async function saveOptions() {
    if (!core || !changed) return;
    let codes: string;
    try {
      codes = core.payment_options_validate(presencial, pix);
    } catch (e) {
      return setOptionList({ ...optionList, erro: errorText(e) });
    }
    status.loading();
    const r = await opcoesPagamento(codes);
    if (r.error !== undefined) return status.error();
    status.success();
    update({ extensoes: { ...forn.extensoes, pagamentos: { ...forn.extensoes.pagamentos, opcoes: r.opcoes } } });
  }

  async function savePix() {
    status.loading();
    const r = await alterarPix(pixKey.trim());
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    setInfo((i) => ({ ...i, pix: pixKey.trim() }));
    update({ extensoes: { ...forn.extensoes, pagamentos: { ...forn.extensoes.pagamentos, pix: pixKey.trim() } } });
  }

  function preview() {
    if (!core || saldo === null) return;
    try {
      setSaque({ fase: 'resumo', valores: core.withdrawal_request(saldo, info?.pix ?? '') as ValoresSaque });
    } catch (e) {
      setSaque({ fase: 'erro', erro: errorText(e) });
    }
  }

  async function request(valores: ValoresSaque) {
    setSaque({ fase: 'resumo', valores });
    status.loading();
    const r = await transferir(info?.pix ?? '');
    if (r.error !== undefined) return status.error(r.error);
    status.close();
    setSaque({ fase: 'enviado' });
    await load();
  }

  const fmt = (c: number) => (core ? core.money_format(c) : '');
  return (
    <div className="panel-form">
      <h3>Formas de pagamento</h3>
      <label className="switch">
        <input type="checkbox" checked={presencial} onChange={(e) => setOptionList({ ...optionList, presencial: e.target.checked, erro: null })} /> Presencial
      </label>
      <label className="switch">
        <input type="checkbox" checked={pix} onChange={(e) => setOptionList({ ...optionList, pix: e.target.checked, erro: null })} /> Pix
      </label>
      {optionList.erro && <p className="form__error" role="alert">{optionList.erro}</p>}
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
        <p className="muted" data-testid="saque-solicitado">
          Saque solicitado: você recebe {fmt(core ? core.money_from_reais(info.Solicitacao.liquido) : 0)} (saldo de{' '}
          {fmt(core ? core.money_from_reais(info.Solicitacao.valor) : 0)} menos a taxa de {fmt(core ? core.money_from_reais(info.Solicitacao.taxa) : 0)}). {PRAZO_SAQUE}
        </p>
      )}

      <h3>Chave Pix</h3>
      <label className="field">
        <span className="field__label">Chave Pix</span>
        <input className="input" value={pixKey} onChange={(e) => setPixKey(e.target.value)} />
      </label>
      <button type="button" className="btn btn--ghost" disabled={pixKey.trim() === (info?.pix ?? '') || pixKey.trim() === ''} onClick={() => void savePix()}>
        Salvar chave Pix
      </button>

      <h3>Saque</h3>
      <button type="button" className="btn" disabled={saldo === null} onClick={preview}>
        Solicitar saque
      </button>
      {saque.fase === 'erro' && <p className="form__error" role="alert">{saque.erro}</p>}
      {(saque.fase === 'resumo' || saque.fase === 'confirmando') && (
        <div className="withdrawal" aria-label="Resumo do saque">
          <dl className="order-sums">
            <dt>Saldo</dt><dd>{fmt(saque.valores.bruto_centavos)}</dd>
            <dt>Taxa (2%)</dt><dd data-testid="taxa">{fmt(saque.valores.taxa_centavos)}</dd>
            <dt>Total a receber</dt><dd data-testid="liquido"><strong>{fmt(saque.valores.liquido_centavos)}</strong></dd>
          </dl>
          <button type="button" className="btn" onClick={() => setSaque({ fase: 'confirmando', valores: saque.valores })}>Confirmar saque</button>
        </div>
      )}
      {saque.fase === 'enviado' && (
        <div className="form__ok" role="status">
          <p>{SOLICITACAO_ENVIADA}</p>
          <p>{PRAZO_SAQUE}</p>
        </div>
      )}
      {saque.fase === 'confirmando' && (
        <ConfirmDialog
          message="Solicitar Saque?"
          onCancel={() => setSaque({ fase: 'resumo', valores: saque.valores })}
          onConfirm={() => void request(saque.valores)}
        />
      )}

      <button type="button" className="btn btn--ghost" onClick={() => setHistorico(true)}>
        Histórico de pagamentos
      </button>
      {historico && core && <PaymentHistory core={core} onClose={() => setHistorico(false)} />}

      <SalesReport />
    </div>
  );
}
