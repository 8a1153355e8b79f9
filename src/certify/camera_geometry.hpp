// Camera simulator, stage 2: geometry. The pinhole camera, each label's pose
// and surface (plane or cylinder), ray-surface intersection in the label's
// own frame, and the projection of points back into the frame.
//
// Camera coordinates: origin at the pinhole, x right, y down, z forward.
// Frame coordinates: x from 0 (left edge) to width, y from 0 (top) to
// height; pixel (i, j) covers [i, i+1] x [j, j+1].
#pragma once

// Same bits everywhere: no fused multiply-add unless written (clang fuses
// within expressions by default on some targets; GCC in ISO mode does not).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

#include <ckey/camera.h>

#include <cmath>

namespace ckey {

constexpr double kPi = 3.14159265358979323846;
inline double radians(double degrees) { return degrees * (kPi / 180); }

// The angle whose sine and cosine are y and x (x >= 0, x^2 + y^2 = 1), from
// + * / only: the same bits on every platform (libm's atan2 may differ in
// the last place), and faster. Error below 1e-8 rad.
inline double arc_tangent(double y, double x) {
    // Half the angle has tangent t = y / (1 + x), |t| <= 1.
    double t = std::fabs(y) / (1 + x), offset = 0;
    if (t > 0.41421356237309503) {  // tan(pi/8): atan t = pi/4 + atan((t-1)/(t+1))
        t = (t - 1) / (t + 1);
        offset = 0.78539816339744831;
    }
    // atan t by its Taylor series to t^17 (|t| <= 0.415), Estrin's scheme.
    const double z = t * t, z2 = z * z, z4 = z2 * z2;
    const double p01 = 1 - z * (1.0 / 3), p23 = 1.0 / 5 - z * (1.0 / 7);
    const double p45 = 1.0 / 9 - z * (1.0 / 11), p67 = 1.0 / 13 - z * (1.0 / 15);
    const double series = p01 + z2 * p23 + z4 * (p45 + z2 * p67) + z4 * z4 * (1.0 / 17);
    const double half = offset + t * series;
    return y < 0 ? -2 * half : 2 * half;
}

struct Vec3 {
    double x = 0, y = 0, z = 0;
};
inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator*(double k, Vec3 a) { return {k * a.x, k * a.y, k * a.z}; }
inline double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

struct Camera {
    int width = 0, height = 0;
    double focal = 0;  // px: (width / 2) / tan(fov / 2)
    double cx = 0, cy = 0;
};

Camera make_camera(const ckey_camera_scene &scene);

// The ray through frame point (px, py), scaled so that its z is 1 (a ray
// parameter t is then the depth of the point it reaches).
inline Vec3 ray_through(const Camera &camera, double px, double py) {
    return {(px - camera.cx) / camera.focal, (py - camera.cy) / camera.focal, 1};
}

struct FramePoint {
    double x = 0, y = 0;
    bool in_front = false;
};
FramePoint project(const Camera &camera, Vec3 p);

// A label placed in the world. Label coordinates (a, b, c): a along the
// texture's x, b along its y, c along the surface normal at the label's
// centre, towards the camera. The label square is |a|, |b| <= 1/2 on the
// plane c = 0 (flat) or wrapped onto the cylinder that touches that plane
// at the centre.
struct LabelPose {
    Vec3 centre;                  // camera coordinates
    Vec3 axis_a, axis_b, axis_c;  // unit vectors in camera coordinates
    Vec3 origin;                  // the pinhole in label coordinates
    int surface = CKEY_SURFACE_FLAT;
    double radius = 0;            // cylinder radius, label widths (1 / arc in radians)
    double inverse_radius = 0;
    double carrier_half = 0.5;    // half the carrier's side, label widths
    double carrier_half_angle = kPi / 2;  // cylinder: the carrier stops here
};

LabelPose make_pose(const ckey_camera_label &label, const Camera &camera);

// A point on the surface from its unrolled coordinates (s, b) (s, b: arc
// length along the label's x and y, 0 at the centre), in camera coordinates.
Vec3 surface_point(const LabelPose &pose, double s, double b);

struct SurfaceHit {
    double t = 0;        // depth
    double u = 0, v = 0; // label coordinates, 0...1 across the label square
    bool on_label = false;
    // The normal is sin_phi * side + cos_phi * axis_c, side being axis_a
    // (vertical cylinder) or axis_b (horizontal); flat: 0 and 1.
    double sin_phi = 0, cos_phi = 1;
};

// Front intersection of the ray (from the pinhole along dir) with the
// carrier (label included). False when the ray misses it or sees its back.
inline bool intersect(const LabelPose &pose, Vec3 dir, SurfaceHit &hit) {
    const double da = dot(dir, pose.axis_a), db = dot(dir, pose.axis_b), dc = dot(dir, pose.axis_c);
    const Vec3 &o = pose.origin;
    double s, b;
    if (pose.surface == CKEY_SURFACE_FLAT) {
        if (dc >= 0) return false;
        hit.t = -o.z / dc;
        s = o.x + hit.t * da;
        b = o.y + hit.t * db;
        hit.sin_phi = 0;
        hit.cos_phi = 1;
    } else {
        // Cylinder x^2 + (c + r)^2 = r^2, x being a (vertical axis) or b.
        const bool vertical = pose.surface == CKEY_SURFACE_CYLINDER_VERTICAL;
        const double r = pose.radius;
        const double ox = vertical ? o.x : o.y, dx = vertical ? da : db;
        const double oc = o.z + r;
        const double qa = dx * dx + dc * dc, qb = ox * dx + oc * dc, qc = ox * ox + oc * oc - r * r;
        const double disc = qb * qb - qa * qc;
        if (disc < 0 || qa == 0) return false;
        hit.t = (-qb - std::sqrt(disc)) / qa;
        if (hit.t <= 0) return false;
        const double sin_phi = (ox + hit.t * dx) * pose.inverse_radius;
        const double cos_phi = (oc + hit.t * dc) * pose.inverse_radius;
        if (cos_phi < 0) return false;  // past +-90 degrees: the carrier ends there
        const double arc = r * arc_tangent(sin_phi, cos_phi);
        const double along = vertical ? o.y + hit.t * db : o.x + hit.t * da;
        s = vertical ? arc : along;
        b = vertical ? along : arc;
        hit.sin_phi = sin_phi;
        hit.cos_phi = cos_phi;
    }
    if (hit.t <= 0 || std::fabs(s) > pose.carrier_half || std::fabs(b) > pose.carrier_half) return false;
    hit.u = s + 0.5;
    hit.v = b + 0.5;
    hit.on_label = std::fabs(s) <= 0.5 && std::fabs(b) <= 0.5;
    return true;
}

// Where the ray meets the plane c = level of the label frame, as (a, b).
// False when the ray does not cross it front to back.
inline bool plane_point(const LabelPose &pose, Vec3 dir, double level, double &a, double &b) {
    const double dc = dot(dir, pose.axis_c);
    if (dc >= 0) return false;
    const double t = (level - pose.origin.z) / dc;
    a = pose.origin.x + t * dot(dir, pose.axis_a);
    b = pose.origin.y + t * dot(dir, pose.axis_b);
    return true;
}

// The box in label coordinates that holds the whole carrier:
// |a| <= extent_a, |b| <= extent_b, depth <= c <= 0.
struct CarrierBox {
    double extent_a, extent_b, depth;
};
CarrierBox carrier_box(const LabelPose &pose);

// The projected corners of the label square (texture top-left, top-right,
// bottom-right, bottom-left); visible when all are in front and in frame.
void label_corners(const LabelPose &pose, const Camera &camera, ckey_point corners[4], int *visible);

// Pixel bounds (inclusive x0...x1, y0...y1, clipped to the frame) that
// contain every pixel a ray of which can reach the carrier.
struct PixelBox {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};
PixelBox carrier_bounds(const LabelPose &pose, const Camera &camera);

}  // namespace ckey
