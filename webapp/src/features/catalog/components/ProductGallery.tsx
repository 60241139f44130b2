/**
 * A product's images: the main one and, when there are several, thumbnails to switch (at most 5
 * images including the icon, spec §9). Thumbnails load lazily.
 */
import { useState } from 'react';
import { ImagePlaceholder } from './ProductCard';

export function ProductGallery({
  imagens,
  titulo,
  onMainLoad,
}: {
  imagens: string[];
  titulo: string;
  /** Called once the main image has loaded or failed (the page then fetches what can wait). */
  onMainLoad?: () => void;
}) {
  const [i, setI] = useState(0);
  const current = imagens[Math.min(i, imagens.length - 1)];
  return (
    <div className="gallery">
      <div className="gallery__main">
        {current ? (
          <img
            src={current}
            alt={titulo}
            width={300}
            height={300}
            decoding="async"
            fetchPriority="high"
            onLoad={onMainLoad}
            onError={onMainLoad}
          />
        ) : (
          <ImagePlaceholder height={240} />
        )}
      </div>
      {imagens.length > 1 && (
        <div className="gallery__thumbs">
          {imagens.map((src, n) => (
            <button
              key={src}
              type="button"
              className="gallery__thumb"
              aria-label={`Imagem ${n + 1} de ${imagens.length}`}
              aria-pressed={n === i}
              onClick={() => setI(n)}
            >
              <img src={src} alt="" width={56} height={56} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
