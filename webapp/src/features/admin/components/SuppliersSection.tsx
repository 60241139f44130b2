/**
 * Fornecedores: one card per supplier (background, icon, name, e-mail); a card opens the details
 * modal with e-mail, phone, CPF/CNPJ, the visibility ('Visível' / 'Invisível'), the toggle
 * ('Tornar invisível' while visible, 'Tornar visível' while hidden), which changes it after the
 * spec's confirmation ('tornar invisível?' / 'Tornar visível?', Nao/Sim), and a link to the store
 * as the admin sees it, /admin/{usuario}. A failed toggle shows 'Não foi possível alterar a
 * visibilidade.' and changes nothing on screen.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { useStatusDialog } from '@/components/status-dialog';
import { StoreIcon } from '@/components/StoreIcon';
import { invisivel } from '../api/invisivel';
import type { FornecedorAdmin } from '../api/loadingAdmin';
import { ERRO_VISIBILIDADE, NAO_INFORMADO } from '../messages';

export function SuppliersSection({ inicial }: { inicial: FornecedorAdmin[] }) {
  const [lista, setLista] = useState(inicial);
  const [aberto, setAberto] = useState<string | null>(null);
  const selecionado = lista.find((f) => f.usuario === aberto) ?? null;

  return (
    <section aria-labelledby="admin-fornecedores">
      <h2 id="admin-fornecedores">Fornecedores</h2>
      {lista.length === 0 ? (
        <p className="empty-list">Nenhum fornecedor cadastrado.</p>
      ) : (
        <ul className="admin-cards">
          {lista.map((f) => (
            <li key={f.usuario}>
              <button type="button" className="admin-card admin-card--forn" onClick={() => setAberto(f.usuario)}>
                <span
                  className="admin-card__bg"
                  style={f.fundoforn ? { backgroundImage: `url("${f.fundoforn}")` } : undefined}
                  aria-hidden="true"
                />
                <StoreIcon src={f.iconeforn} size={56} className="admin-card__icon" />
                <span className="admin-card__name">{f.nomeforn}</span>
                <span className="admin-card__sub">{f.email}</span>
                {f.invisivel && <span className="admin-badge">Invisível</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {selecionado && (
        <SupplierDetails
          fornecedor={selecionado}
          onClose={() => setAberto(null)}
          onChange={(valor) =>
            setLista((l) => l.map((f) => (f.usuario === selecionado.usuario ? { ...f, invisivel: valor } : f)))
          }
        />
      )}
    </section>
  );
}

interface DetailsProps {
  fornecedor: FornecedorAdmin;
  onClose: () => void;
  onChange: (invisivel: boolean) => void;
}

function SupplierDetails({ fornecedor: f, onClose, onChange }: DetailsProps) {
  const status = useStatusDialog();
  const [enviando, setEnviando] = useState(false);
  const [confirmando, setConfirmando] = useState(false);

  async function alternar() {
    setConfirmando(false);
    setEnviando(true);
    const res = await invisivel(f.usuario, !f.invisivel);
    setEnviando(false);
    if (res.error !== undefined) {
      status.error(ERRO_VISIBILIDADE);
      return;
    }
    onChange(res.invisivel);
  }

  return (
    <Dialog title={f.nomeforn} onClose={onClose} className="admin-details">
      <dl className="admin-dl">
        <dt>E-mail</dt>
        <dd>{f.email}</dd>
        <dt>Telefone</dt>
        <dd>{f.telefone || NAO_INFORMADO}</dd>
        <dt>CPF/CNPJ</dt>
        <dd>{f.cpf || NAO_INFORMADO}</dd>
        <dt>Visibilidade</dt>
        <dd data-testid="visibilidade">{f.invisivel ? 'Invisível' : 'Visível'}</dd>
      </dl>
      <div className="dlg__actions">
        <button type="button" className="btn btn--ghost" onClick={() => setConfirmando(true)} disabled={enviando}>
          {f.invisivel ? 'Tornar visível' : 'Tornar invisível'}
        </button>
        <Link className="btn" to={`/admin/${f.usuario}`}>
          Ver loja
        </Link>
      </div>
      {confirmando && (
        <ConfirmDialog
          message={f.invisivel ? 'Tornar visível?' : 'tornar invisível?'}
          onConfirm={() => void alternar()}
          onCancel={() => setConfirmando(false)}
        />
      )}
    </Dialog>
  );
}
