# Meja's production image: the app on PostgreSQL (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
RUN useradd --create-home --uid 10001 meja
WORKDIR /srv/meja

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml ./
RUN mkdir app engines && touch app/__init__.py engines/__init__.py \
 && pip install . && pip uninstall -y meja

COPY alembic.ini ./
COPY app ./app
COPY engines ./engines
COPY migrations ./migrations
COPY static ./static
COPY scripts/container-start.sh ./scripts/container-start.sh

USER meja
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s CMD python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/games')"
CMD ["sh", "scripts/container-start.sh"]
