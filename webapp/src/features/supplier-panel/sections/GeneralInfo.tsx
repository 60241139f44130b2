/**
 * Informações gerais: four tabs — Meus Dados (with the store phone's WhatsApp notices), Imagens,
 * Locais de Exibição, Visibilidade.
 */
import { useState } from 'react';
import { WhatsAppNotices } from '@/components/WhatsAppNotices';
import { Images } from './Images';
import { MyData } from './MyData';
import { Places } from './Places';
import type { SectionProps } from './types';
import { Visibility } from './Visibility';

const TABS = ['Meus Dados', 'Imagens', 'Locais de Exibição', 'Visibilidade'] as const;

export default function GeneralInfo(props: SectionProps) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Meus Dados');
  return (
    <div>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={`tab${t === tab ? ' tab--on' : ''}`} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Meus Dados' && (
          <>
            <MyData {...props} />
            <WhatsAppNotices papel="loja" />
          </>
        )}
        {tab === 'Imagens' && <Images key={`${props.forn.iconeforn}|${props.forn.fundoforn}`} {...props} />}
        {tab === 'Locais de Exibição' && <Places {...props} />}
        {tab === 'Visibilidade' && <Visibility {...props} />}
      </div>
    </div>
  );
}
