/**
 * Ads list (`/anuncios?categoria=…&regiao=…`). Placeholder: the category tabs, search and
 * pagination come with the catalogue work.
 */
import { useSearchParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';
import { useRegion } from '@/features/region/context';

export default function AdsPage() {
  const [params] = useSearchParams();
  const { regiao } = useRegion();
  const categoria = params.get('categoria') || 'Alimentos';
  return (
    <Placeholder title="Anúncios">
      <p>
        Anúncios e produtos de <strong>{categoria}</strong> em {params.get('regiao') || regiao}.
      </p>
    </Placeholder>
  );
}
