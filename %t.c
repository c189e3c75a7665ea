typedef void (func_typedef)(void);
void xxx(void);
typedef void (func_t)(int);
void a(int);
struct blah {
    struct {
        struct {
            int b;
        };
    };
};
struct {
} (s1);
int foo(const struct blah *b) {
    return b->b;
}
int arr(int a[static 3]) {
    return a[2];
}
int rarr(int a[restrict static 3]) {
    return a[2];
}
int varr(int n, int a[static n]) {
    return a[2];
}
int rvarr(int n, int a[restrict static n]) {
    return a[2];
}
typedef struct {
    int f;
} T __attribute__((aligned));
struct __attribute__((visibility("default"))) S;
struct pair_t {
    int a;
    int b;
};
struct pair_t p = {a: 3, .b = 4};
void initializers(void) {
    int *x = ((void *)0), *y = ((void *)0);
    struct Z {
    };
    struct {
        struct Z z;
    } z = {(struct Z){}};
}
enum __attribute__((deprecated(""))) EnumWithAttributes {
    EnumWithAttributesFoo __attribute__((deprecated(""))),
    EnumWithAttributesBar __attribute__((unavailable(""))) = 50
} *EnumWithAttributesPtr;
enum __attribute__((deprecated(""))) EnumWithAttributes2 *EnumWithAttributes2Ptr;
void EnumWithAttributes3Fn(void) {
    enum __attribute__((deprecated(""))) EnumWithAttributes3 *EnumWithAttributes3Ptr;
    void *p = EnumWithAttributes3Ptr;
}
