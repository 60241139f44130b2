/**
 * Store list (`/lojas`). Placeholder: the stores sorted by sales come with the catalogue work.
 */
import { Link } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function StoresPage() {
  return (
    <Placeholder title="Lojas">
      <p>As lojas dos produtores e fornecedores da Feira, das que mais vendem para as que menos vendem.</p>
      <p>
        <Link to="/anunciegratis">Criar uma loja</Link>
      </p>
    </Placeholder>
  );
}
