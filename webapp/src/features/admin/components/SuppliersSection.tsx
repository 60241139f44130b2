/**
 * Fornecedores: a search box (name, e-mail, city, CPF/CNPJ or URL, accents and case ignored), the
 * count of suppliers shown, and one card per supplier (background, icon, name, e-mail, city and
 * its state: 'Visível', 'Invisível' — hidden by the admin — or 'Oculto pela loja'). A card opens
 * the details modal with e-mail, phone, CPF/CNPJ (formatted by the API), city, the visibility and,
 * while hidden, the reason, the toggle ('Tornar invisível' while visible, 'Tornar visível' while
 * hidden), and a link to the store as the admin sees it, /admin/{usuario}.
 *
 * Hiding first shows the store's open orders and its money ('A liberar', balance, a
 * withdrawal not yet paid out, `pegar_resumo_fornecedor`) and asks the reason, which the store is
 * e-mailed; showing it again asks the spec's confirmation ('Tornar visível?', Não/Sim). A failed
 * toggle shows 'Não foi possível alterar a visibilidade.' and changes nothing on screen. Suppliers
 * come in pages by name, 'Carregar mais' under them; a search loads the pages left so that it
 * looks in every supplier (the count says how many there are in all).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LoadMore } from '@/components/LoadMore';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { StoreIcon } from '@/components/StoreIcon';
import { useLoadAllWhile, usePagedList, type Page, pageOf } from '@/hooks/usePagedList';
import { formatReais } from '@/lib/display';
import { invisivel } from '../api/invisivel';
import { pegarResumoFornecedor, type ResumoFornecedor } from '../api/moderacao';
import { loadingAdmin, type FornecedorAdmin } from '../api/loadingAdmin';
import { ERRO_VISIBILIDADE, NAO_INFORMADO } from '../messages';
import { ReasonDialog } from './ReasonDialog';

/** Lower case, accents off: what the search compares. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** 'Visível', 'Invisível' (the admin's) or 'Oculto pela loja' (the supplier's own). */
export function estado(f: FornecedorAdmin): string {
  if (f.invisivel) return 'Invisível';
  if (f.oculto) return 'Oculto pela loja';
  return 'Visível';
}

/** A CPF/CNPJ without its mask ('081.836.584-66' → '08183658466'), upper case. */
const semMascara = (s: string) => s.replace(/[\s./-]/g, '').toUpperCase();

/** The suppliers whose name, e-mail, city, URL or CPF/CNPJ contains `busca` (accents and case ignored; a CPF/CNPJ typed with or without its mask). */
export function filtrarFornecedores(lista: FornecedorAdmin[], busca: string): FornecedorAdmin[] {
  const q = fold(busca.trim());
  if (!q) return lista;
  const doc = semMascara(busca);
  return lista.filter(
    (f) =>
      [f.nomeforn, f.email, f.cidade ?? '', f.cpf ?? '', f.url ?? ''].some((v) => fold(v).includes(q)) ||
      (doc.length >= 3 && semMascara(f.cpf ?? '').includes(doc)),
  );
}

export function SuppliersSection({ inicial, total }: { inicial: Page<FornecedorAdmin>; total?: number }) {
  const paginas = usePagedList<FornecedorAdmin>('fornecedores', async (cursor, signal) => pageOf(await loadingAdmin(signal, cursor), (a) => a.fornecedores), inicial);
  const items = useMemo(() => paginas.rows ?? [], [paginas.rows]);
  const setLista = (f: (l: FornecedorAdmin[]) => FornecedorAdmin[]) => paginas.setRows((l) => f(l ?? []));
  const todos = Math.max(total ?? 0, items.length);
  const [searchText, setSearchText] = useState('');
  const [isOpen, setIsOpen] = useState<string | null>(null);
  const selected = items.find((f) => f.usuario === isOpen) ?? null;
  const shown = useMemo(() => filtrarFornecedores(items, searchText), [items, searchText]);
  // A search looks in every supplier: the pages not shown yet are loaded for it.
  const searchingMore = useLoadAllWhile(paginas, searchText.trim() !== '');

  return (
    <section aria-labelledby="admin-fornecedores">
      <h2 id="admin-fornecedores">Fornecedores</h2>
      <div className="admin-toolbar">
        <input
          className="input"
          type="search"
          placeholder="Buscar por nome, e-mail, cidade ou CPF/CNPJ"
          aria-label="Buscar fornecedores"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <span className="muted" data-testid="total-fornecedores" role="status">
          {searchingMore
            ? 'Buscando em todos os fornecedores...'
            : shown.length === todos
            ? `${todos} ${todos === 1 ? 'fornecedor' : 'fornecedores'}`
            : `${shown.length} de ${todos} fornecedores`}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="empty-list">Nenhum fornecedor cadastrado.</p>
      ) : shown.length === 0 ? (
        <p className="empty-list">Nenhum fornecedor encontrado.</p>
      ) : (
        <ul className="admin-cards">
          {shown.map((f) => (
            <li key={f.usuario}>
              <button type="button" className="admin-card admin-card--forn" onClick={() => setIsOpen(f.usuario)}>
                <span
                  className="admin-card__bg"
                  style={f.fundoforn ? { backgroundImage: `url("${f.fundoforn}")` } : undefined}
                  aria-hidden="true"
                />
                <StoreIcon src={f.iconeforn} size={56} className="admin-card__icon" />
                <span className="admin-card__name">{f.nomeforn}</span>
                <span className="admin-card__sub">{f.email}</span>
                {f.cidade && <span className="admin-card__sub">{f.cidade}</span>}
                <span className={`admin-badge admin-card__state${estado(f) === 'Visível' ? ' admin-badge--ok' : ''}`}>{estado(f)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={paginas} />
      {selected && (
        <SupplierDetails
          fornecedor={selected}
          onClose={() => setIsOpen(null)}
          onChange={(valor, motivo) =>
            setLista((l) => l.map((f) => (f.usuario === selected.usuario ? { ...f, invisivel: valor, motivo_invisivel: valor ? motivo : null } : f)))
          }
        />
      )}
    </section>
  );
}

interface DetailsProps {
  fornecedor: FornecedorAdmin;
  onClose: () => void;
  onChange: (invisivel: boolean, motivo: string | null) => void;
}

/** The steps of a visibility change: nothing, hiding (its summary loading or loaded), showing. */
type Pergunta = null | { tipo: 'ocultar'; resumo: ResumoFornecedor | null | 'erro' } | { tipo: 'mostrar' };

function SupplierDetails({ fornecedor: f, onClose, onChange }: DetailsProps) {
  const status = useStatusDialog();
  const [sending, setSending] = useState(false);
  const [question, setQuestion] = useState<Pergunta>(null);

  async function ask() {
    if (f.invisivel) return setQuestion({ tipo: 'mostrar' });
    setQuestion({ tipo: 'ocultar', resumo: null });
    const r = await pegarResumoFornecedor(f.usuario);
    setQuestion((p) => (p?.tipo === 'ocultar' ? { tipo: 'ocultar', resumo: r.error !== undefined ? 'erro' : r } : p));
  }

  async function alternar(motivo?: string) {
    setQuestion(null);
    setSending(true);
    const res = await invisivel(f.usuario, !f.invisivel, motivo);
    setSending(false);
    if (res.error !== undefined) {
      status.error(ERRO_VISIBILIDADE);
      return;
    }
    onChange(res.invisivel, motivo ?? null);
  }

  return (
    <Dialog title={f.nomeforn} onClose={onClose} className="admin-details">
      <dl className="admin-dl">
        <dt>E-mail</dt>
        <dd>{f.email}</dd>
        <dt>Telefone</dt>
        <dd>{f.telefone || NAO_INFORMADO}</dd>
        <dt>CPF/CNPJ</dt>
        <dd data-testid="cpf">{f.cpf || NAO_INFORMADO}</dd>
        <dt>Cidade</dt>
        <dd>{f.cidade || NAO_INFORMADO}</dd>
        <dt>Visibilidade</dt>
        <dd data-testid="visibilidade">{f.invisivel ? 'Invisível' : 'Visível'}</dd>
        {f.invisivel && f.motivo_invisivel && (
          <>
            <dt>Motivo</dt>
            <dd>{f.motivo_invisivel}</dd>
          </>
        )}
      </dl>
      <div className="dlg__actions">
        <button type="button" className="btn btn--ghost" onClick={() => void ask()} disabled={sending}>
          {f.invisivel ? 'Tornar visível' : 'Tornar invisível'}
        </button>
        <Link className="btn" to={`/admin/${f.usuario}`}>
          Ver loja
        </Link>
      </div>
      {question?.tipo === 'mostrar' && <ConfirmDialog message="Tornar visível?" onConfirm={() => void alternar()} onCancel={() => setQuestion(null)} />}
      {question?.tipo === 'ocultar' && (
        <ReasonDialog title="Tornar invisível?" confirmLabel="Tornar invisível" onCancel={() => setQuestion(null)} onConfirm={(m) => void alternar(m)}>
          <StoreSummary resumo={question.resumo} />
        </ReasonDialog>
      )}
    </Dialog>
  );
}

/** The store's open orders and money, before hiding it. */
function StoreSummary({ resumo }: { resumo: ResumoFornecedor | null | 'erro' }) {
  if (resumo === null) return <p className="muted">Carregando pedidos e saldo...</p>;
  if (resumo === 'erro') return <p className="form__error">Não foi possível carregar os pedidos e o saldo da loja.</p>;
  const n = resumo.pedidos_abertos.length;
  return (
    <div className="admin-summary" data-testid="resumo-loja">
      <p>
        <strong>{n === 0 ? 'Nenhum pedido em andamento.' : n === 1 ? '1 pedido em andamento:' : `${n} pedidos em andamento:`}</strong>
      </p>
      {n > 0 && (
        <ul>
          {resumo.pedidos_abertos.map((p) => (
            <li key={p.idpedido}>
              {p.cliente_nome} — {formatReais(p.total)}
              {p.aguardando_pagamento ? ' (Pix não pago)' : ''}
            </li>
          ))}
        </ul>
      )}
      <p>
        A liberar: {formatReais(resumo.aliberar)} · Saldo: {formatReais(resumo.saldo)}
        {resumo.saque_pendente != null ? ` · Saque pendente: ${formatReais(resumo.saque_pendente)}` : ''}
      </p>
      <p className="muted">Os pedidos em andamento continuam no painel da loja depois de ocultá-la.</p>
    </div>
  );
}
