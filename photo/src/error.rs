//! The photo pipeline's errors, each with the Portuguese message the user (or the API's caller)
//! sees. They stay plain Rust errors here; only the bindings turn them into JS exceptions.

/// Why a photo could not be processed or was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    /// Empty file, random bytes, or a file of a known format whose content is broken.
    #[error("Não foi possível ler esta imagem.")]
    Unreadable,
    /// A JPEG, PNG or WebP that ends before its image data does (an interrupted download or copy).
    #[error("Não foi possível ler esta imagem: o arquivo está incompleto.")]
    Truncated,
    /// A recognised image format the pipeline does not decode (HEIC, AVIF, GIF, BMP, TIFF, …).
    #[error("Formato de imagem não suportado. Use JPEG, PNG ou WebP.")]
    Unsupported,
    /// More pixels than [`super::MAX_PIXELS`] (a decompression bomb, or a panorama too big for a
    /// phone's memory).
    #[error("Esta imagem é grande demais (máximo de 60 megapixels).")]
    TooManyPixels,
    /// A photo kind other than `icone` or `fundo` (a programming error on the caller's side).
    #[error("Tipo de foto inválido.")]
    InvalidKind,
    /// Re-validation on the server: the upload is not a JPEG.
    #[error("A foto enviada não é um JPEG.")]
    NotJpeg,
    /// Re-validation on the server: the JPEG is larger than the bounds of its kind.
    #[error("A foto enviada é maior que o permitido ({max_width}×{max_height} px).")]
    OutOfBounds { max_width: u32, max_height: u32 },
    /// The JPEG encoder failed (should not happen for a decoded image).
    #[error("Não foi possível preparar a foto.")]
    Encode,
}
