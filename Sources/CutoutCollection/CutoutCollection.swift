// The CutoutCollection module.
