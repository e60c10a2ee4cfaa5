FROM python:3.11-slim

# The images use the fonts bundled in render/fonts (DejaVu Sans and a Noto
# Sans CJK subset); the full Noto CJK fonts are the fallback for rare name
# characters outside the subset, Noto Color Emoji for emoji in names.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-noto-color-emoji \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 tabletop \
    && mkdir /data && chown tabletop:tabletop /data

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY --chown=tabletop:tabletop . .

USER tabletop
ENV DATABASE_URL=sqlite:////data/tabletop.db \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]

# SIGTERM (docker stop) finishes writes and closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
