//! The Cloud API's client: `POST {WHATSAPP_API_URL}/{phone-number-id}/messages` with the
//! bearer token, a template message (or, answering a reply, a text), and its answer read as
//! Meta documents it: the message id on success; on failure the HTTP status and the Graph
//! error's `code`, from which the outbox decides to try again (429, 5xx, no answer), to turn the
//! person's channel off (an invalid number) or to give up.

use super::{contacts::INVALID_NUMBER_CODES, templates::LANGUAGE};
use crate::config::{ExposeSecret, WhatsAppConfig};
use serde_json::{Value, json};

/// What one message carries.
#[derive(Debug, Clone)]
pub enum Outgoing<'a> {
    /// A template with its body variables and its link button's suffix.
    Template {
        name: &'a str,
        body: &'a [String],
        link: &'a str,
    },
    /// A free text (only as an answer, within the 24 hours after the person wrote).
    Text(&'a str),
}

/// A message not sent.
#[derive(Debug, Clone)]
pub struct SendError {
    /// Worth trying again later (429, 5xx, no answer).
    pub retry: bool,
    /// The Graph error's code, when the API answered one.
    pub code: Option<i64>,
    pub reason: String,
}

impl SendError {
    /// The number cannot take messages (the channel is turned off for that person).
    pub fn invalid_number(&self) -> bool {
        self.code.is_some_and(|c| INVALID_NUMBER_CODES.contains(&c))
    }
}

/// The Cloud API, for one sending number.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    config: WhatsAppConfig,
}

impl Client {
    pub fn new(config: &WhatsAppConfig) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().timeout(config.timeout).build()?;
        Ok(Self {
            http,
            config: config.clone(),
        })
    }

    /// The request's body for `to` (E.164).
    pub fn body(to: &str, message: &Outgoing<'_>) -> Value {
        let to = to.trim_start_matches('+');
        match message {
            Outgoing::Template { name, body, link } => json!({
                "messaging_product": "whatsapp",
                "recipient_type": "individual",
                "to": to,
                "type": "template",
                "template": {
                    "name": name,
                    "language": { "code": LANGUAGE },
                    "components": [
                        {
                            "type": "body",
                            "parameters": body.iter()
                                .map(|t| json!({ "type": "text", "text": t }))
                                .collect::<Vec<_>>(),
                        },
                        {
                            "type": "button",
                            "sub_type": "url",
                            "index": "0",
                            "parameters": [{ "type": "text", "text": link }],
                        },
                    ],
                },
            }),
            Outgoing::Text(text) => json!({
                "messaging_product": "whatsapp",
                "recipient_type": "individual",
                "to": to,
                "type": "text",
                "text": { "body": text },
            }),
        }
    }

    /// Sends `message` to `to`; returns the Cloud API's message id (`wamid…`).
    pub async fn send(&self, to: &str, message: &Outgoing<'_>) -> Result<String, SendError> {
        let url = format!(
            "{}/{}/messages",
            self.config.api_url, self.config.phone_number_id
        );
        let answer = self
            .http
            .post(&url)
            .bearer_auth(self.config.token.expose_secret())
            .json(&Self::body(to, message))
            .send()
            .await
            .map_err(|e| SendError {
                retry: true,
                code: None,
                reason: format!("sem resposta da Cloud API: {e}"),
            })?;
        let status = answer.status();
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return body["messages"][0]["id"]
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| SendError {
                    retry: true,
                    code: None,
                    reason: "resposta da Cloud API sem o id da mensagem".into(),
                });
        }
        let code = body["error"]["code"].as_i64();
        let message = body["error"]["message"].as_str().unwrap_or("sem descrição");
        Err(SendError {
            retry: status.as_u16() == 429 || status.is_server_error(),
            code,
            reason: format!(
                "Cloud API {}: {message} (código {})",
                status.as_u16(),
                code.map_or_else(|| "?".into(), |c| c.to_string())
            ),
        })
    }
}
