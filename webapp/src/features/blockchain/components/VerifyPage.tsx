/**
 * Verification of a notarised file (`/verificar/:transactionId`). Placeholder.
 */
import { useParams } from 'react-router-dom';
import { Placeholder } from '@/components/Placeholder';

export default function VerifyPage() {
  const { transactionId = '' } = useParams();
  return (
    <Placeholder title="Verificar registro">
      <p>
        Verificação do registro <code className="break">{transactionId}</code> na blockchain.
      </p>
    </Placeholder>
  );
}
