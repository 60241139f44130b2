/**
 * Notarisation page (`/blockchain`). Placeholder: fichas, upload and history come later.
 */
import { Placeholder } from '@/components/Placeholder';

export default function BlockchainPage() {
  return (
    <Placeholder title="Registro em blockchain">
      <p>
        Registre seus arquivos de forma permanente na blockchain e receba um link para comprovar a existência e o
        conteúdo de cada documento. Cada registro usa uma ficha.
      </p>
    </Placeholder>
  );
}
