"""The Streamlit pages, each run as a script by ``st.navigation`` (see ``trainer/app.py``)."""
