# Pinned to a patch release; pin the digest too (python:3.11.14-slim-bookworm@sha256:…)
# where the registry can be reached to look it up.
FROM python:3.11.14-slim-bookworm

# The images use the fonts bundled in render/fonts (DejaVu Sans and a Noto
# Sans CJK subset); the full Noto CJK fonts are the fallback for rare name
# characters outside the subset, Noto Color Emoji for emoji in names.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-noto-color-emoji \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --gid 10001 tabletop \
    && useradd --create-home --uid 10001 --gid 10001 tabletop \
    && mkdir /data && chown 10001:10001 /data

WORKDIR /app
# Every dependency pinned with its hash (scripts/lock.sh writes the lock).
COPY requirements.lock .
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
# The code belongs to root: the bot's user can read it, not change it. Tests,
# benchmarks and docs stay out (.dockerignore).
COPY . .

USER 10001:10001
# The volume's absolute path. .env.example leaves DATABASE_URL commented out, so
# `docker run --env-file .env` keeps this one.
ENV DATABASE_URL=sqlite:////data/tabletop.db \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
VOLUME ["/data"]

# Validates the settings and opens the database, without connecting to Discord.
HEALTHCHECK --interval=60s --timeout=20s --start-period=30s --retries=3 \
    CMD ["python", "bot.py", "--check"]

# SIGTERM (docker stop) finishes writes and closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
