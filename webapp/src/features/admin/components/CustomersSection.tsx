/**
 * Clientes: the title, a card with the total count, a search box filtering by name or e-mail
 * (accents and case ignored), one card per customer (name, e-mail, city) and the details modal
 * (name, e-mail, phone or 'Não informado', street and number, city, complement). Customers come in
 * pages by name, 'Carregar mais' under them; a search loads the pages left so that it looks in
 * every customer (the total counts all). A load failure shows 'Algum erro ocorreu ao carregar os clientes.'.
 */
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { LoadMore } from '@/components/LoadMore';
import { Loading } from '@/components/LoadStates';
import { useStatusDialog } from '@/components/status-dialog';
import { pageOf, useLoadAllWhile, usePagedList } from '@/hooks/usePagedList';
import { pegarClientes } from '../api/pegarClientes';
import type { Cliente } from '../api/pegarClientes';
import { ERRO_CLIENTES, NAO_INFORMADO } from '../messages';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The customers whose name or e-mail contains `busca` (accents and case ignored). */
export function filtrarClientes(clientes: Cliente[], busca: string): Cliente[] {
  const q = fold(busca.trim());
  if (!q) return clientes;
  return clientes.filter((c) => fold(c.nome).includes(q) || fold(c.email).includes(q));
}

export function CustomersSection() {
  const [total, setTotal] = useState<number | null>(null);
  const paginas = usePagedList<Cliente>('clientes', async (cursor, signal) => {
    const r = await pegarClientes(signal, cursor);
    if (r.error === undefined) setTotal(r.total);
    return pageOf(r, (a) => a.clientes);
  });
  const status = useStatusDialog();
  const [searchText, setSearchText] = useState('');
  const [open, setOpen] = useState<Cliente | null>(null);
  const falhou = paginas.failed;
  useEffect(() => {
    if (falhou) status.error(ERRO_CLIENTES);
  }, [falhou, status]);
  const clientes = useMemo(() => paginas.rows ?? [], [paginas.rows]);
  const items = useMemo(() => filtrarClientes(clientes, searchText), [clientes, searchText]);
  // A search looks in every customer: the pages not shown yet are loaded for it.
  useLoadAllWhile(paginas, searchText.trim() !== '');

  return (
    <section aria-labelledby="admin-clientes">
      <h2 id="admin-clientes">Clientes</h2>
      {paginas.rows === null && <Loading />}
      {paginas.rows !== null && !falhou && (
        <>
          <div className="admin-total">
            <span>Total de clientes</span>
            <strong data-testid="total-clientes">{total ?? clientes.length}</strong>
          </div>
          <input
            className="input admin-search"
            type="search"
            placeholder="Buscar por nome ou e-mail"
            aria-label="Buscar por nome ou e-mail"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          {items.length === 0 ? (
            <p className="empty-list">Nenhum cliente encontrado.</p>
          ) : (
            <ul className="admin-cards" aria-label="Clientes">
              {items.map((c) => (
                <li key={c.usuario}>
                  <button type="button" className="admin-card" onClick={() => setOpen(c)}>
                    <span className="admin-card__name">{c.nome || c.email}</span>
                    <span className="admin-card__sub">{c.email}</span>
                    <span className="admin-card__sub">{c.cidade || NAO_INFORMADO}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={paginas} />
        </>
      )}
      {open && <CustomerDetails cliente={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function CustomerDetails({ cliente: c, onClose }: { cliente: Cliente; onClose: () => void }) {
  const address = [c.rua, c.numero].filter(Boolean).join(', ');
  return (
    <Dialog title={c.nome || c.email} onClose={onClose} className="admin-details">
      <dl className="admin-dl">
        <dt>Nome</dt>
        <dd>{c.nome || NAO_INFORMADO}</dd>
        <dt>E-mail</dt>
        <dd>{c.email}</dd>
        <dt>Telefone</dt>
        <dd>{c.telefone || NAO_INFORMADO}</dd>
        <dt>Endereço</dt>
        <dd>{address || NAO_INFORMADO}</dd>
        <dt>Cidade</dt>
        <dd>{c.cidade || NAO_INFORMADO}</dd>
        <dt>Complemento</dt>
        <dd>{c.complemento || NAO_INFORMADO}</dd>
      </dl>
    </Dialog>
  );
}
