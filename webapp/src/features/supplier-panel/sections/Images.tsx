/**
 * Imagens: the profile icon (longest side 300 px) and background (800 px wide), each removable,
 * shrunk in the browser; 'Salvar' only when something changed, with the banner 'Você fez
 * alterações que ainda não foram salvas.'. Saved with `editar_imagens_fornecedor`:
 * `iconefornfinal` / `fundofornfinal` are the new JPEG as base64, `false` to remove, or null to
 * keep (docs/rpc.md). After a save the tab is drawn again from the stored
 * addresses (Informações gerais keys it by them).
 */
import { useState } from 'react';
import { IconPicker, type PickedImage } from '@/components/IconPicker';
import { useStatusDialog } from '@/components/status-dialog';
import { editarImagensFornecedor } from '../api/actions';
import { AVISO_NAO_SALVO } from './MyData';
import type { SectionProps } from './types';

type Img = PickedImage | string | null;

/** The wire value of one image: new base64, `false` (removed) or null (kept). */
const finalValue = (img: Img): string | false | null => (img === null ? false : typeof img === 'string' ? null : img.base64);

export function Images({ forn, update }: SectionProps) {
  const status = useStatusDialog();
  const [icone, setIcone] = useState<Img>(forn.iconeforn ?? null);
  const [fundo, setFundo] = useState<Img>(forn.fundoforn ?? null);
  const changed = icone !== (forn.iconeforn ?? null) || fundo !== (forn.fundoforn ?? null);

  async function save() {
    if (!changed) return;
    status.loading();
    const r = await editarImagensFornecedor({
      iconefornfinal: finalValue(icone),
      fundofornfinal: finalValue(fundo),
    });
    if (r.error !== undefined) {
      // spec §8: the status dialog shows the error state; the detail is only logged.
      console.error('editar_imagens_fornecedor:', r.error);
      return status.error();
    }
    status.success();
    update({ iconeforn: r.iconeforn, fundoforn: r.fundoforn });
  }

  return (
    <div className="panel-form">
      <h3>Ícone do perfil</h3>
      <IconPicker label="Escolher ícone" kind="icone" value={icone} onChange={setIcone} />
      <h3>Fundo do perfil</h3>
      <IconPicker label="Escolher fundo" kind="fundo" value={fundo} onChange={setFundo} />
      {changed && <p className="banner" role="status">{AVISO_NAO_SALVO}</p>}
      <button type="button" className="btn" disabled={!changed} onClick={() => void save()}>
        Salvar
      </button>
    </div>
  );
}
