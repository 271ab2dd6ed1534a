from prometheus_client import Counter, Histogram

VARIANTS_SERVED = Counter(
    "images_variants_served_total", "Image variants answered, by where the bytes came from", ["source"]
)
VARIANTS_NOT_MODIFIED = Counter("images_variants_not_modified_total", "Variant requests answered 304")
RENDER_SECONDS = Histogram(
    "images_render_seconds",
    "Time to make one variant (decode, resize, encode) in a worker thread",
    ["format"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5),
)
UPLOADS = Counter("images_uploads_total", "Upload attempts by outcome", ["outcome"])
