"""Signing in through an OIDC provider with Streamlit's ``st.login``, when the server's secrets
hold an ``[auth]`` section (docs/deployment.md). The provider vouches for who is there; the
trainer keeps that person's profile under the provider's issuer and subject."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError


@dataclass(frozen=True)
class Identity:
    issuer: str
    subject: str
    name: str


def configured() -> bool:
    """True when the server has an OIDC provider set up (an ``[auth]`` secrets section)."""
    try:
        return "auth" in st.secrets
    except (StreamlitSecretNotFoundError, FileNotFoundError):
        return False


def identity() -> Identity | None:
    """Who the provider says is signed in, or ``None``."""
    user = st.user
    if not user.get("is_logged_in"):
        return None
    subject = str(user.get("sub") or user.get("email") or "")
    if not subject:
        return None
    issuer = str(user.get("iss") or "oidc")
    name = str(user.get("name") or user.get("preferred_username") or user.get("email") or "")
    return Identity(issuer, subject, name)


def sign_in() -> None:
    st.login()


def sign_out() -> None:
    if st.user.get("is_logged_in"):
        st.logout()
