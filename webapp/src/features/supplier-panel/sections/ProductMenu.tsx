/**
 * A product's sub-menu: Editar produto, Adicionar fotos, Adicionar promoção, Desabilitar
 * temporariamente (or Habilitar produto), Remover produto, Voltar. Disabling asks 'Desabilitar
 * produto?', enabling 'Habilitar produto?', removal 'Remover produto?'.
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { capitalizeWords } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import { desabilitarProduto, excluirProduto, habilitarProduto } from '../api/actions';
import type { ProdutoForn } from '../api/actions';
import { ProductEdit } from './ProductEdit';
import { ProductPhotos } from './ProductPhotos';
import { ProductPromotion } from './ProductPromotion';
import type { SectionProps } from './types';

export interface ProductMenuProps extends SectionProps {
  core: Core;
  produto: ProdutoForn;
  onChanged: () => Promise<void>;
  onClose: () => void;
}

type View = 'menu' | 'editar' | 'fotos' | 'promo' | 'status' | 'remover';

export function ProductMenu(props: ProductMenuProps) {
  const { produto: p, onChanged, onClose } = props;
  const status = useStatusDialog();
  const [view, setView] = useState<View>('menu');

  async function run(action: () => Promise<{ error?: string }>, close = false) {
    setView('menu');
    status.loading();
    const r = await action();
    if (r.error !== undefined) return status.error(r.error);
    status.success();
    await onChanged();
    if (close) onClose();
  }

  if (view === 'editar') return <ProductEdit {...props} onBack={() => setView('menu')} />;
  if (view === 'fotos') return <ProductPhotos {...props} onBack={() => setView('menu')} />;
  if (view === 'promo') return <ProductPromotion {...props} onBack={() => setView('menu')} />;

  return (
    <>
      <Dialog title={capitalizeWords(p.titulo)} onClose={onClose} className="dlg--small">
        {p.moderacao !== undefined && (
          <p className="moderation" role="status">
            Este produto foi ocultado pela moderação e só volta a aparecer quando ela o liberar.
            {p.moderacao ? ` Motivo: ${p.moderacao}` : ''}
          </p>
        )}
        <ul className="menu-list">
          <li><button type="button" className="menu-item" onClick={() => setView('editar')}>Editar produto</button></li>
          <li><button type="button" className="menu-item" onClick={() => setView('fotos')}>Adicionar fotos</button></li>
          <li><button type="button" className="menu-item" onClick={() => setView('promo')}>Adicionar promoção</button></li>
          <li>
            <button type="button" className="menu-item" onClick={() => setView('status')}>
              {p.status ? 'Habilitar produto' : 'Desabilitar temporariamente'}
            </button>
          </li>
          <li><button type="button" className="menu-item menu-item--danger" onClick={() => setView('remover')}>Remover produto</button></li>
          <li><button type="button" className="menu-item" onClick={onClose}>Voltar</button></li>
        </ul>
      </Dialog>
      {view === 'status' && (
        <ConfirmDialog
          message={p.status ? 'Habilitar produto?' : 'Desabilitar produto?'}
          onCancel={() => setView('menu')}
          onConfirm={() => void run(() => (p.status ? habilitarProduto(p.id) : desabilitarProduto(p.id)))}
        />
      )}
      {view === 'remover' && (
        <ConfirmDialog message="Remover produto?" onCancel={() => setView('menu')} onConfirm={() => void run(() => excluirProduto(p.id), true)} />
      )}
    </>
  );
}
