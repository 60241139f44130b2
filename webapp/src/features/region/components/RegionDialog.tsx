/**
 * 'Selecione uma cidade': type part of a city's name, pick one of up to 6 suggestions (searched by
 * wasm-core, accent- and case-insensitive), then 'Continuar' saves the region and closes.
 * wasm-core and /municipios.txt are fetched when this dialog first opens.
 */
import { useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { CityField } from '@/components/places/CityField';

export const SUGGESTIONS = 6;

export interface RegionDialogProps {
  current: string;
  onClose: () => void;
  onConfirm: (regiao: string) => void;
}

export default function RegionDialog({ current, onClose, onConfirm }: RegionDialogProps) {
  /** The picked 'City, UF', or '' while none is picked. */
  const [picked, setPicked] = useState('');

  return (
    <Dialog title="Selecione uma cidade" onClose={onClose} className="dlg--small region-dlg">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) onConfirm(picked);
        }}
      >
        <p className="muted">
          Região atual: <strong>{current}</strong>
        </p>
        <CityField value={picked} onChange={setPicked} limit={SUGGESTIONS} autoFocus />
        <div className="dlg__actions">
          <button type="submit" className="btn" disabled={!picked}>
            Continuar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
