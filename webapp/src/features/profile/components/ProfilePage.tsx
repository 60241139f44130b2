/**
 * Customer profile panel (`/painel/perfil/:usuario`). Only the signed-in user's own panel exists
 * (anyone else sees the not-found screen). The section comes from the navigation state `inicial`
 * ('anuncios', 'endereco', 'historico'); default 'Dados pessoais'. Placeholder for the sections.
 */
import { useLocation, useParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';
import { NotFound } from '@/features/not-found/components/NotFoundPage';
import { useSession } from '@/lib/session';

const SECTIONS: Record<string, string> = {
  dados: 'Dados pessoais',
  anuncios: 'Anúncios',
  endereco: 'Endereço',
  historico: 'Histórico de pedidos',
};

export default function ProfilePage() {
  const { usuario } = useParams();
  const session = useSession();
  const state = useLocation().state as { inicial?: string } | null;
  if (!session || session.userinfo.usuario !== usuario) return <NotFound />;
  const section = SECTIONS[state?.inicial ?? 'dados'] ?? SECTIONS.dados;
  return (
    <Placeholder title="Meu perfil">
      <p data-testid="secao-perfil">Seção: {section}</p>
    </Placeholder>
  );
}
