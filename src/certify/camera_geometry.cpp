// Camera simulator, stage 2: geometry (camera, label poses, projection).
#include "camera_geometry.hpp"

#include <algorithm>

namespace ckey {

Camera make_camera(const ckey_camera_scene &scene) {
    Camera camera;
    camera.width = scene.width;
    camera.height = scene.height;
    camera.focal = (scene.width / 2.0) / std::tan(radians(scene.fov_deg) / 2);
    camera.cx = scene.width / 2.0;
    camera.cy = scene.height / 2.0;
    return camera;
}

FramePoint project(const Camera &camera, Vec3 p) {
    FramePoint out;
    out.in_front = p.z > 1e-9;
    if (!out.in_front) return out;
    out.x = camera.focal * p.x / p.z + camera.cx;
    out.y = camera.focal * p.y / p.z + camera.cy;
    return out;
}

namespace {

// Rodrigues: v rotated by angle about the unit axis k.
Vec3 rotate(Vec3 v, Vec3 k, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return c * v + s * cross(k, v) + (dot(k, v) * (1 - c)) * k;
}

}  // namespace

LabelPose make_pose(const ckey_camera_label &label, const Camera &camera) {
    LabelPose pose;
    // Depth at which a label square to the camera is size_px wide.
    const double depth = camera.focal / label.size_px;
    pose.centre = depth * ray_through(camera, label.centre_x * camera.width, label.centre_y * camera.height);

    // Roll in the label plane (clockwise on screen, y being down), then tilt
    // about an axis in the frame plane.
    const double roll = radians(label.roll_deg);
    Vec3 a{std::cos(roll), std::sin(roll), 0}, b{-std::sin(roll), std::cos(roll), 0}, c{0, 0, -1};
    const double axis_angle = radians(label.tilt_axis_deg), tilt = radians(label.tilt_deg);
    const Vec3 k{std::cos(axis_angle), std::sin(axis_angle), 0};
    pose.axis_a = rotate(a, k, tilt);
    pose.axis_b = rotate(b, k, tilt);
    pose.axis_c = rotate(c, k, tilt);

    const Vec3 to_camera = Vec3{} - pose.centre;
    pose.origin = {dot(to_camera, pose.axis_a), dot(to_camera, pose.axis_b), dot(to_camera, pose.axis_c)};
    pose.surface = label.surface;
    pose.carrier_half = std::max(1.0, label.carrier_scale) / 2;
    if (label.surface != CKEY_SURFACE_FLAT) {
        pose.radius = 1 / radians(label.arc_deg);
        pose.inverse_radius = radians(label.arc_deg);
    }
    return pose;
}

Vec3 surface_point(const LabelPose &pose, double s, double b) {
    double a = s, c = 0;
    if (pose.surface == CKEY_SURFACE_CYLINDER_VERTICAL) {
        a = pose.radius * std::sin(s / pose.radius);
        c = pose.radius * (std::cos(s / pose.radius) - 1);
    } else if (pose.surface == CKEY_SURFACE_CYLINDER_HORIZONTAL) {
        const double arc = b;
        b = pose.radius * std::sin(arc / pose.radius);
        c = pose.radius * (std::cos(arc / pose.radius) - 1);
    }
    return pose.centre + a * pose.axis_a + b * pose.axis_b + c * pose.axis_c;
}

void label_corners(const LabelPose &pose, const Camera &camera, ckey_point corners[4], int *visible) {
    static const double kCorner[4][2] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
    *visible = 1;
    for (int i = 0; i < 4; ++i) {
        const FramePoint p = project(camera, surface_point(pose, kCorner[i][0], kCorner[i][1]));
        corners[i].x = static_cast<float>(p.x);
        corners[i].y = static_cast<float>(p.y);
        if (!p.in_front || p.x < 0 || p.y < 0 || p.x > camera.width || p.y > camera.height) *visible = 0;
    }
}

CarrierBox carrier_box(const LabelPose &pose) {
    const double half = pose.carrier_half;
    if (pose.surface == CKEY_SURFACE_FLAT) return {half, half, 0};
    const double phi = std::min(pose.carrier_half_angle, half / pose.radius);
    const double across = pose.radius * std::sin(phi), depth = pose.radius * (std::cos(phi) - 1);
    if (pose.surface == CKEY_SURFACE_CYLINDER_VERTICAL) return {across, half, depth};
    return {half, across, depth};
}

PixelBox carrier_bounds(const LabelPose &pose, const Camera &camera) {
    PixelBox box;
    const double half_b = pose.carrier_half;
    double half_s = pose.carrier_half;
    if (pose.surface != CKEY_SURFACE_FLAT) half_s = std::min(half_s, pose.radius * pose.carrier_half_angle);
    const double half_u = pose.surface == CKEY_SURFACE_CYLINDER_HORIZONTAL ? half_b : half_s;
    const double half_v = pose.surface == CKEY_SURFACE_CYLINDER_HORIZONTAL ? half_s : half_b;
    // A grid fine enough that a cylinder's silhouette lies within the margin.
    const int steps = pose.surface == CKEY_SURFACE_FLAT ? 1 : 64;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (int i = 0; i <= steps; ++i)
        for (int j = 0; j <= steps; ++j) {
            const double s = -half_u + 2 * half_u * i / steps, b = -half_v + 2 * half_v * j / steps;
            const FramePoint p = project(camera, surface_point(pose, s, b));
            if (!p.in_front) {
                // Part of the carrier is beside or behind the camera: trace everything.
                return {0, 0, camera.width - 1, camera.height - 1};
            }
            x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
            y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
        }
    const double margin = 2 + 0.01 * std::max(x1 - x0, y1 - y0);
    const double w = camera.width, h = camera.height;
    box.x0 = static_cast<int>(std::clamp(std::floor(x0 - margin), 0.0, w));
    box.y0 = static_cast<int>(std::clamp(std::floor(y0 - margin), 0.0, h));
    box.x1 = static_cast<int>(std::clamp(std::floor(x1 + margin), -1.0, w - 1));
    box.y1 = static_cast<int>(std::clamp(std::floor(y1 + margin), -1.0, h - 1));
    return box;
}

}  // namespace ckey
