// The CutoutSpotlight module.
