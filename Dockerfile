FROM python:3.11-slim

# CJK fonts for anyone extending the renderers; the board images themselves
# use the bundled DejaVu fonts and Latin labels only.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk \
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
