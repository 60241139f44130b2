//! A buyer's note to the store: on the whole order ('deixar na portaria') or on one line of a
//! product that accepts one ('sem cebola'). Optional; at most [`MAX_CHARS`] characters (counted
//! as the webapp counts them: Unicode scalar values), no control characters (a note is one line
//! of text the store reads in its panel and e-mails). Surrounding spaces go; an empty note is no
//! note.

/// Longest note, in characters.
pub const MAX_CHARS: usize = 280;

/// Over [`MAX_CHARS`].
pub const OBSERVACAO_LONGA: &str = "A observação pode ter no máximo 280 caracteres.";
/// A control character (a line break, a tab, an invisible code).
pub const OBSERVACAO_INVALIDA: &str =
    "A observação não pode ter quebras de linha nem caracteres de controle.";

/// A checked note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note(String);

impl Note {
    /// The note of `text`: `Ok(None)` when absent or blank, else checked.
    pub fn parse(text: Option<&str>) -> Result<Option<Self>, &'static str> {
        let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(None);
        };
        if t.chars().any(char::is_control) {
            return Err(OBSERVACAO_INVALIDA);
        }
        if t.chars().count() > MAX_CHARS {
            return Err(OBSERVACAO_LONGA);
        }
        Ok(Some(Self(t.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_optional_trimmed_bounded_and_on_one_line() {
        assert_eq!(Note::parse(None), Ok(None));
        assert_eq!(Note::parse(Some("   ")), Ok(None));
        assert_eq!(
            Note::parse(Some("  deixar na portaria "))
                .unwrap()
                .unwrap()
                .as_str(),
            "deixar na portaria"
        );
        // 280 characters with accents are 280, whatever their bytes.
        let full = "ç".repeat(MAX_CHARS);
        assert_eq!(Note::parse(Some(&full)).unwrap().unwrap().as_str(), full);
        assert_eq!(
            Note::parse(Some(&format!("{full}a"))),
            Err(OBSERVACAO_LONGA)
        );
        assert_eq!(Note::parse(Some("sem\ncebola")), Err(OBSERVACAO_INVALIDA));
        assert_eq!(
            Note::parse(Some("sem\u{7}cebola")),
            Err(OBSERVACAO_INVALIDA)
        );
    }
}
