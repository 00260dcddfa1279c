// What the kernel multiplies by. The consumer tests change this constant and
// check that the kernel is rebuilt (the header is only known from cmc's
// depfile).
#define SCALE 3
