/**
 * The profile's Anúncios section (spec §2 'Customer profile panel'): 'Seus anúncios', the filter
 * buttons (Todos and the categories' parts), 'Adicionar Anúncio' (the new-ad wizard), 'Carregando
 * anúncios...' while loading, and per ad an options sheet: Visualizar anúncio (detail in a new
 * tab), Editar anúncio, Adicionar fotos, Remover anúncio (confirm 'Remover anúncio?').
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { adPath, capitalizeWords, formatReais } from '@/lib/display';
import type { UserInfo } from '@/lib/session';
import { excluirAnuncio, pegarAnuncios, type Anuncio } from '../api/anuncios';
import '../ads.css';

const NewAdWizard = lazy(() => import('./NewAdWizard'));
const EditAdWizard = lazy(() => import('./EditAdWizard').then((m) => ({ default: m.EditAdWizard })));
const PhotosModal = lazy(() => import('./PhotosModal').then((m) => ({ default: m.PhotosModal })));

export const FILTROS = ['Todos', 'Alimentos', 'Produtos', 'Coprodutos', 'Subprodutos', 'Sementes e Mudas', 'Variedades'] as const;
export type Filtro = (typeof FILTROS)[number];

/** Whether an ad of `categoria` shows under `filtro` ('Produtos, Coprodutos, Subprodutos' under each part). */
export function matches(filtro: Filtro, categoria: string): boolean {
  return filtro === 'Todos' || categoria.split(', ').includes(filtro);
}

type Open = { kind: 'novo' } | { kind: 'opcoes' | 'editar' | 'fotos' | 'remover'; ad: Anuncio } | null;

export function AdsSection({ user }: { user: UserInfo }) {
  const status = useStatusDialog();
  const [ads, setAds] = useState<Anuncio[] | null>(null);
  const [filterText, setFilterText] = useState<Filtro>('Todos');
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    let alive = true;
    void pegarAnuncios().then((r) => {
      if (!alive) return;
      if (r.error !== undefined) console.error('pegar_anuncios:', r.error);
      setAds(r.error === undefined ? r.anuncios : []);
    });
    return () => {
      alive = false;
    };
  }, [user.usuario]);

  const replace = (ad: Anuncio) => setAds((list) => (list ?? []).map((a) => (a.id === ad.id ? ad : a)));

  async function remove(ad: Anuncio) {
    setOpen(null);
    status.loading();
    const r = await excluirAnuncio(ad);
    if (r.error !== undefined) {
      console.error('excluir_anuncio:', r.error);
      status.error();
      return;
    }
    setAds((list) => (list ?? []).filter((a) => a.id !== ad.id));
    status.success();
  }

  const shown = (ads ?? []).filter((a) => matches(filterText, a.categoria));

  return (
    <section className="profile-section ads-section">
      <h2>Seus anúncios</h2>
      <div className="ads-section__bar">
        <div className="ads-filters" role="group" aria-label="Filtrar por categoria">
          {FILTROS.map((f) => (
            <button key={f} type="button" className={`btn btn--small${f === filterText ? '' : ' btn--ghost'}`} aria-pressed={f === filterText} onClick={() => setFilterText(f)}>
              {f}
            </button>
          ))}
        </div>
        <button type="button" className="btn" onClick={() => setOpen({ kind: 'novo' })}>
          Adicionar Anúncio
        </button>
      </div>
      {ads === null ? (
        <p className="muted" role="status">
          Carregando anúncios...
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">Nenhum anúncio encontrado.</p>
      ) : (
        <ul className="my-ads">
          {shown.map((a) => (
            <li key={a.id}>
              <button type="button" className="my-ad" onClick={() => setOpen({ kind: 'opcoes', ad: a })}>
                {a.icone ? <img src={a.icone} alt="" width={64} height={64} /> : <span className="my-ad__noimg" aria-hidden="true" />}
                <span className="my-ad__text">
                  <strong>{capitalizeWords(a.titulo)}</strong>
                  <span>{formatReais(a.preco)}</span>
                  <span className="muted">{a.categoria}</span>
                  {a.moderacao !== undefined && (
                    <span className="my-ad__moderated" data-testid="anuncio-moderado">
                      Oculto pela moderação{a.moderacao ? `. Motivo: ${a.moderacao}` : ''}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {open?.kind === 'opcoes' && (
        <Dialog title={capitalizeWords(open.ad.titulo)} onClose={() => setOpen(null)} className="dlg--small">
          <ul className="menu-list">
            <li>
              <a className="menu-item" href={adPath(open.ad)} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(null)}>
                Visualizar anúncio
              </a>
            </li>
            <li>
              <button type="button" className="menu-item" onClick={() => setOpen({ kind: 'editar', ad: open.ad })}>
                Editar anúncio
              </button>
            </li>
            <li>
              <button type="button" className="menu-item" onClick={() => setOpen({ kind: 'fotos', ad: open.ad })}>
                Adicionar fotos
              </button>
            </li>
            <li>
              <button type="button" className="menu-item menu-item--danger" onClick={() => setOpen({ kind: 'remover', ad: open.ad })}>
                Remover anúncio
              </button>
            </li>
          </ul>
        </Dialog>
      )}
      {open?.kind === 'remover' && <ConfirmDialog message="Remover anúncio?" onCancel={() => setOpen(null)} onConfirm={() => void remove(open.ad)} />}
      <Suspense fallback={null}>
        {open?.kind === 'novo' && <NewAdWizard onClose={() => setOpen(null)} onAdded={(ad) => setAds((list) => [ad, ...(list ?? [])])} />}
        {open?.kind === 'editar' && <EditAdWizard anuncio={open.ad} onClose={() => setOpen(null)} onSaved={replace} />}
        {open?.kind === 'fotos' && <PhotosModal anuncio={open.ad} onClose={() => setOpen(null)} onSaved={replace} />}
      </Suspense>
    </section>
  );
}
