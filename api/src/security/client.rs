//! The client's address, for the per-address rate limits: the connection's peer, or, behind a
//! trusted reverse proxy (`TRUST_PROXY`), the last address the proxy appended to
//! `X-Forwarded-For` (earlier entries are the client's own claims and are ignored). IPv6
//! addresses count by their /64, which one subscriber usually holds whole.

use super::Security;
use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::{HeaderMap, request::Parts},
};
use std::{
    convert::Infallible,
    net::{IpAddr, Ipv6Addr, SocketAddr},
    sync::Arc,
};

/// The address a request counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// The address of a request with these `headers` from `peer`.
    pub fn resolve(peer: Option<IpAddr>, headers: &HeaderMap, trust_proxy: bool) -> Self {
        let forwarded = trust_proxy
            .then(|| {
                headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .filter_map(|a| a.trim().parse::<IpAddr>().ok())
                    .next_back()
            })
            .flatten();
        let ip = forwarded.or(peer).unwrap_or(IpAddr::from([0u8, 0, 0, 0]));
        Self(match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let s = v6.segments();
                    IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
                }
            },
            v4 => v4,
        })
    }
}

/// From any state that holds the [`Security`] (the app's: `crate::state`), so that this module
/// does not import the state built above it.
impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Arc<Security>: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(Self::resolve(
            peer,
            &parts.headers,
            Arc::<Security>::from_ref(state).trust_proxy,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let local = IpAddr::from([127, 0, 0, 1]);
        let peer = Some(local);
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 200.1.2.3"),
        );
        assert_eq!(ClientIp::resolve(peer, &h, false).0, local);
        assert_eq!(
            ClientIp::resolve(peer, &h, true).0,
            IpAddr::from([200, 1, 2, 3])
        );
        let v6: IpAddr = "2804:14c:1:2:aaaa:bbbb:cccc:dddd".parse().unwrap();
        let net: IpAddr = "2804:14c:1:2::".parse().unwrap();
        assert_eq!(ClientIp::resolve(Some(v6), &HeaderMap::new(), false).0, net);
    }
}
