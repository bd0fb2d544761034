// The CutoutLayers module.
